import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 whose answer carries `Retry-After: seconds` (set by AllExceptionsFilter), thrown where no response is at hand. */
export class RetryLaterException extends HttpException {
  constructor(
    error: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ error }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
