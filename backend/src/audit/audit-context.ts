import { AsyncLocalStorage } from 'node:async_hooks';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { AuthenticatedUser } from '../common/authenticated-user.js';

/**
 * Who an event is recorded for: the member signed in, by their own id and e-mail; or the system itself (no person),
 * with a description of what it was doing, so work the app does on its own is never put down to whoever set it off.
 */
export type AuditActor =
  | { kind?: 'person'; userId: string; email: string }
  | { kind: 'system'; userId?: undefined; email?: undefined; description: string };

const actors = new AsyncLocalStorage<AuditActor>();

/** The member whose request is running, or null outside a signed-in request (a job, a Stripe webhook). */
export const currentActor = (): AuditActor | null => actors.getStore() ?? null;

/** Runs `work` as `actor` (a sign-in or invitation acceptance acts before the request has a signed-in member). */
export const asActor = <T>(actor: AuditActor, work: () => T): T => actors.run(actor, work);

/**
 * Runs `work` as the system, described by `description` ("IFTA Q3-2026 matrix v2 applied"): what the app does on
 * its own after a person's action (repricing every account's drafts after an operator publishes rates) is the
 * system's doing, not that person's in each account it touches.
 */
export const asSystem = <T>(description: string, work: () => T): T => actors.run({ kind: 'system', description }, work);

/**
 * Global, after the guards: the handler runs with the signed-in member as the actor, so a service records an event
 * in one line without every service method taking the person beside the company id it is scoped to.
 */
@Injectable()
export class AuditActorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>()?.user;
    if (!user?.memberId) return next.handle();
    const actor = { userId: user.memberId, email: user.email };
    return new Observable((subscriber) => actors.run(actor, () => next.handle().subscribe(subscriber)));
  }
}
