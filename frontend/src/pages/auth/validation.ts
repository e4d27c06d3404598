/** Client-side rules of docs/product-spec.md §5 for the sign-in and sign-up forms; values are translation keys. */
export const MIN_PASSWORD_LENGTH = 6;

// Deliberately loose: the server has the final word, this only catches obvious typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const validateLogin = ({ email, password }: { email: string; password: string }) => {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!email.trim()) errors.email = 'auth.required';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'auth.invalid_email';
  if (!password) errors.password = 'auth.required';
  return errors;
};

export const validateRegister = (values: { company_name: string; email: string; password: string }) => {
  const errors: FieldErrors<'company_name' | 'email' | 'password'> = validateLogin(values);
  if (!values.company_name.trim()) errors.company_name = 'auth.required';
  if (values.password && values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'auth.password_too_short';
  return errors;
};
