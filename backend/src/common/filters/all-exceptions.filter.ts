import { ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../authenticated-user.js';
import type { ErrorResponseDto } from '../dto/error-response.dto.js';
import { type AccountLanguage, answerLanguage, localiseAnswer } from '../i18n/localise-answer.js';
import { jsonLimitMessage } from '../http/json-bounds.js';
import { isAccountGone } from './account-gone.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './database-unavailable.js';
import { RetryLaterException } from './retry-later.exception.js';

/** Seconds a client is told to wait before retrying while the database is out of reach. */
const RETRY_AFTER_OUTAGE = '5';

const STATUS_SENTENCES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body is too large',
  429: 'Too many requests, please try again later',
};

/**
 * Turns anything thrown into `{ statusCode, error, message }`; never leaks a stack trace or an internal message.
 * Every error answer passes here, so this is where its sentences are put in the client's language: the signed-in
 * account's language setting, else the request's Accept-Language, else English. Only the text changes: the body's
 * fields and their names are the same in every language.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly accountLanguage?: AccountLanguage) {}

  catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request & { user?: AuthenticatedUser }>();
    const body = this.toBody(exception);
    // An outage (a 5xx) does not read the database it lost for the account's setting: the header decides.
    return answerLanguage(request, this.accountLanguage, body.statusCode < 500).then((language) =>
      this.send(response, exception, localiseAnswer(body, language)),
    );
  }

  private send(response: Response, exception: unknown, body: ErrorResponseDto): void {
    if (body.statusCode === 503) {
      this.logger.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    } else if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) return;
    if (body.statusCode === 503 && !response.getHeader('Retry-After'))
      response.setHeader('Retry-After', RETRY_AFTER_OUTAGE);
    if (exception instanceof RetryLaterException)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorResponseDto {
    if (exception instanceof HttpException && exception.cause !== undefined && isBodyParserError(exception.cause)) {
      return this.toBody(exception.cause);
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      const payload = typeof raw === 'string' ? { message: raw } : (raw as Record<string, unknown>);
      const message = Array.isArray(payload.message) ? payload.message.join('; ') : payload.message;
      const readable =
        typeof payload.error === 'string' && payload.error !== HttpStatus[statusCode] && !isDefaultName(payload.error)
          ? payload.error
          : typeof message === 'string' && message
            ? message
            : (STATUS_SENTENCES[statusCode] ?? 'Request failed');
      const { statusCode: _s, error: _e, message: _m, ...extra } = payload;
      return {
        statusCode,
        error: readable,
        message: typeof message === 'string' && message ? message : readable,
        ...extra,
      };
    }
    if (isBodyParserError(exception)) {
      const statusCode = exception.status;
      const error =
        statusCode === 413
          ? STATUS_SENTENCES[413]
          : exception.type === 'entity.parse.failed'
            ? 'Request body is not valid JSON'
            : (jsonLimitMessage(exception.type) ?? STATUS_SENTENCES[statusCode] ?? 'Request failed');
      return { statusCode, error, message: error };
    }
    // A lost database is not a bug: the same request may succeed in a moment, so it is a 503 the client can retry.
    if (isDatabaseUnavailable(exception)) {
      return { statusCode: 503, error: DATABASE_UNAVAILABLE, message: DATABASE_UNAVAILABLE };
    }
    if (isAccountGone(exception)) {
      return { statusCode: 401, error: STATUS_SENTENCES[401], message: STATUS_SENTENCES[401] };
    }
    return { statusCode: 500, error: 'Internal server error', message: 'Internal server error' };
  }
}

/** Nest's built-in exceptions put the bare status name ("Bad Request") in `error`: not a sentence. */
function isDefaultName(text: string): boolean {
  return Object.values(HttpStatus).some(
    (v) => typeof v === 'string' && v.replace(/_/g, ' ').toLowerCase() === text.toLowerCase(),
  );
}

/** body-parser's http-errors carry a `type` such as 'entity.parse.failed' or 'entity.too.large'. */
function isBodyParserError(e: unknown): e is { status: number; type: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { type?: unknown }).type === 'string' &&
    typeof (e as { status?: unknown }).status === 'number' &&
    (e as { status: number }).status < 500
  );
}
