import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ReportCapRequest } from '../guards/subscription.guard.js';
import type { ReportCap } from '../subscription-access.js';

/**
 * The monthly report cap the SubscriptionGuard read for this request (`@RequiresSubscription('report_creation')`):
 * null for a plan without one, undefined when the guard did not read it (the write then asks for it).
 */
export const GuardedReportCap = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ReportCap | null | undefined =>
    context.switchToHttp().getRequest<ReportCapRequest>().reportCap,
);
