import { MIN_PASSWORD_LENGTH } from './validation';

/** bcrypt reads 72 bytes; the server refuses longer passwords, so the form says so first. */
const MAX_PASSWORD_BYTES = 72;

/** The translation key of what is wrong with a new password and its confirmation, or undefined. */
export const newPasswordProblem = (password: string, confirmation: string): string | undefined => {
  if (!password) return 'auth.required';
  if (password.length < MIN_PASSWORD_LENGTH) return 'auth.password_too_short';
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return 'account.password_too_long';
  if (password !== confirmation) return 'account.password_mismatch';
  return undefined;
};
