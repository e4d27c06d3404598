import { applyDecorators, SetMetadata, UseFilters, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';
import { REQUIRED_FEATURE_KEY, SubscriptionGuard, SubscriptionRequiredFilter } from '../guards/subscription.guard.js';
import type { GuardedFeature } from '../subscription-access.js';

/**
 * Marks a route as a paid feature: without a valid subscription it answers
 * 403 {"statusCode":403,"error":"Active subscription required to use this feature","code":"SUBSCRIPTION_REQUIRED"};
 * over the plan's usage limit, 403 with code USAGE_LIMIT_REACHED (limits: subscriptions/PLANS.md).
 */
export const RequiresSubscription = (feature: GuardedFeature) =>
  applyDecorators(
    SetMetadata(REQUIRED_FEATURE_KEY, feature),
    UseGuards(SubscriptionGuard),
    UseFilters(SubscriptionRequiredFilter),
    ApiForbiddenResponse({
      description:
        'No valid subscription (code SUBSCRIPTION_REQUIRED) or the plan limit is reached (USAGE_LIMIT_REACHED)',
      type: ErrorResponseDto,
    }),
  );
