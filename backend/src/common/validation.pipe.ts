import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): Array<[string, string]> {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text): [string, string] => [
      path,
      // class-validator names the leaf property; a nested field reads better with its whole path.
      parent ? text.replace(new RegExp(`^${error.property}\\b`), path) : text,
    ]);
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/** Rejects unknown fields and bad values with a 400 naming every offending field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const pairs = flatten(errors);
      const fields = Object.fromEntries(pairs);
      const sentence = pairs.map(([, text]) => text).join('; ');
      return new BadRequestException({ error: sentence, message: sentence, fields });
    },
  });
}
