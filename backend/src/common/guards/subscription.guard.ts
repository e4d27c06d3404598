import {
  ArgumentsHost,
  Catch,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../authenticated-user.js';
import {
  type GuardedFeature,
  type ReportCap,
  SUBSCRIPTION_REQUIRED,
  SubscriptionAccess,
  usageLimitMessage,
} from '../subscription-access.js';

export const REQUIRED_FEATURE_KEY = 'requiredSubscriptionFeature';

/** Thrown when the account has no valid subscription; answered with docs/architecture.md's exact body. */
export class SubscriptionRequiredException extends ForbiddenException {
  constructor() {
    super({ error: SUBSCRIPTION_REQUIRED, code: 'SUBSCRIPTION_REQUIRED' });
  }
}

/** Over the plan's monthly report cap: PLANS.md's USAGE_LIMIT_REACHED body, from the guard or from the write. */
export class UsageLimitReachedException extends ForbiddenException {
  constructor(cap: ReportCap, used: number) {
    super({
      error: usageLimitMessage(cap),
      code: 'USAGE_LIMIT_REACHED',
      feature: 'report_creation',
      limit: cap.limit,
      used,
    });
  }
}

/** Where the guard leaves the report cap it read, for the route's write (@GuardedReportCap()). */
export interface ReportCapRequest {
  reportCap?: ReportCap | null;
}

/**
 * The refusal body is a contract the frontend matches on: exactly statusCode, error and code. The global filter
 * would add `message`, so this route-scoped filter answers first.
 */
@Catch(SubscriptionRequiredException)
export class SubscriptionRequiredFilter implements ExceptionFilter {
  catch(_exception: SubscriptionRequiredException, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(403)
      .json({ statusCode: 403, error: SUBSCRIPTION_REQUIRED, code: 'SUBSCRIPTION_REQUIRED' });
  }
}

/** Runs after the global JWT guard on routes marked @RequiresSubscription(feature). */
@Injectable()
export class SubscriptionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: SubscriptionAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const feature = this.reflector.getAllAndOverride<GuardedFeature | undefined>(REQUIRED_FEATURE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!feature) return true;
    const req = context
      .switchToHttp()
      .getRequest<{ user?: AuthenticatedUser; params?: Record<string, string> } & ReportCapRequest>();
    const user = req.user;
    if (!user) throw new SubscriptionRequiredException();
    const decision = await this.access.check(user.id, feature, { reportId: req.params?.id });
    if (decision.allowed) {
      // The write checks the cap again under the account's lock; this spares it reading the plan a second time.
      if (decision.reportCap !== undefined) req.reportCap = decision.reportCap;
      return true;
    }
    if (decision.code === 'SUBSCRIPTION_REQUIRED') throw new SubscriptionRequiredException();
    throw new ForbiddenException({
      error: decision.message,
      code: decision.code,
      feature,
      limit: decision.limit,
      used: decision.used,
    });
  }
}
