import { ValidateBy, type ValidationOptions } from 'class-validator';

/** bcrypt reads only the first 72 bytes of a password: a longer one would be silently cut, so it is refused. */
export const MAX_PASSWORD_BYTES = 72;

export const PASSWORD_TOO_LONG = `must be at most ${MAX_PASSWORD_BYTES} bytes (about ${MAX_PASSWORD_BYTES} letters, fewer with accents or emoji)`;

/** Refuses a password string longer than MAX_PASSWORD_BYTES in UTF-8, naming the field. */
export function MaxPasswordBytes(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxPasswordBytes',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || Buffer.byteLength(value, 'utf8') <= MAX_PASSWORD_BYTES,
        defaultMessage: (args) => `${args?.property ?? 'password'} ${PASSWORD_TOO_LONG}`,
      },
    },
    options,
  );
}
