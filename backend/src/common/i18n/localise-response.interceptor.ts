import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, mergeMap, type Observable, of } from 'rxjs';
import type { AuthenticatedUser } from '../authenticated-user.js';
import { type AccountLanguage, answerLanguage, carriesSentences, localiseAnswer } from './localise-answer.js';

/**
 * The successful answers' sentences in the client's language, as AllExceptionsFilter does for the failures: a
 * `message` such as "Signed out", a report's `warnings`, an import preview's `problems`. Only an answer holding one
 * looks the language up; every other answer (and every file or text answer) passes untouched.
 */
export class LocaliseResponseInterceptor implements NestInterceptor {
  constructor(private readonly accountLanguage?: AccountLanguage) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    return next
      .handle()
      .pipe(
        mergeMap((body: unknown) =>
          carriesSentences(body)
            ? from(answerLanguage(request, this.accountLanguage).then((language) => localiseAnswer(body, language)))
            : of(body),
        ),
      );
  }
}
