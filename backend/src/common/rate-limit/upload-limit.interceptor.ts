import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { finalize, type Observable } from 'rxjs';
import { positiveInt } from '../../config/app-config.js';
import type { AuthenticatedUser } from '../authenticated-user.js';
import { loadWorkerPoolConfig } from '../workers/worker-pool.config.js';
import { SharedCounters } from './shared-counters.js';

export const TOO_MANY_UPLOADS = 'Too many imports, please wait a minute and try again';
export const UPLOADS_IN_PROGRESS = 'Too many imports at once, please wait for the others to finish';
const WINDOW_MS = 60_000;
/** Seconds to wait when the account's concurrent uploads are all taken: one upload's time limit at most. */
const IN_PROGRESS_RETRY_AFTER = '5';
/** What an upload's slot lease adds to FILE_JOB_TIMEOUT_MS: reading the body and waiting for a thread. */
const LEASE_MARGIN_MS = 60_000;

/**
 * Uploads (and calculator pastes, read on the same file threads) per account: UPLOAD_RATE_LIMIT per minute and
 * UPLOAD_CONCURRENCY at once, each refusal a 429 with Retry-After (its sentence says imports, which both are). It runs
 * before the multipart body is read, so a refused upload costs the server nothing, and it keys on
 * the account rather than the address, so one company cannot take every worker thread (docs/architecture.md, "Work that must not
 * block": an upload may cost its sender time, never anyone else). Counters are the app's SharedCounters (Redis when
 * REDIS_URL is set and answers, else this process).
 *
 * Each upload in progress holds a lease on one of the account's slots, released in `finally` and ending by itself
 * after UPLOAD_LEASE_MS (the file job's time limit plus a margin): a replica that dies mid-upload frees its slot when
 * the lease runs out, and a refused attempt never lengthens anyone's lease.
 */
@Injectable()
export class UploadLimitInterceptor implements NestInterceptor {
  private readonly perMinute = positiveInt('UPLOAD_RATE_LIMIT', 20);
  private readonly atOnce = positiveInt('UPLOAD_CONCURRENCY', 2);
  private readonly leaseMs = positiveInt('UPLOAD_LEASE_MS', loadWorkerPoolConfig().timeoutMs + LEASE_MARGIN_MS);

  constructor(private readonly counters: SharedCounters) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const account = http.getRequest<Request & { user: AuthenticatedUser }>().user.id;
    const refuse = (error: string, retryAfter: string) => {
      http.getResponse<Response>().setHeader('Retry-After', retryAfter);
      return new HttpException({ error }, HttpStatus.TOO_MANY_REQUESTS);
    };
    const hits = await this.counters.hit(`upload:${account}`, WINDOW_MS);
    if (hits > this.perMinute) throw refuse(TOO_MANY_UPLOADS, String(WINDOW_MS / 1000));
    const lease = await this.counters.takeLease(`upload:${account}`, this.atOnce, this.leaseMs);
    if (!lease) throw refuse(UPLOADS_IN_PROGRESS, IN_PROGRESS_RETRY_AFTER);
    const release = () => void lease.release().catch(() => undefined);
    try {
      return next.handle().pipe(finalize(release));
    } catch (error) {
      release();
      throw error;
    }
  }
}
