import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AccessDecision, type GuardedFeature, SubscriptionAccess } from '../subscription-access.js';
import { REQUIRED_FEATURE_KEY, SubscriptionGuard, SubscriptionRequiredException } from './subscription.guard.js';

class FixedAccess extends SubscriptionAccess {
  readonly asked: Array<[string, GuardedFeature]> = [];
  constructor(private readonly decision: AccessDecision) {
    super();
  }
  async check(userId: string, feature: GuardedFeature): Promise<AccessDecision> {
    this.asked.push([userId, feature]);
    return this.decision;
  }
  async renewsOnCard(): Promise<boolean> {
    return false;
  }
  async reportCap(): Promise<null> {
    return null;
  }
  async seatAllowance(): Promise<{ limit: number; planName: string }> {
    return { limit: 1, planName: 'Test' };
  }
  async validPlan(): Promise<null> {
    return null;
  }
}

function contextFor(feature: GuardedFeature | undefined, user: { id: string } | undefined): ExecutionContext {
  const handler = () => undefined;
  if (feature) Reflect.defineMetadata(REQUIRED_FEATURE_KEY, feature, handler);
  class Controller {}
  return {
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

describe('SubscriptionGuard', () => {
  it('lets an unmarked route through without asking', async () => {
    const access = new FixedAccess({ allowed: false, code: 'SUBSCRIPTION_REQUIRED' });
    await expect(
      new SubscriptionGuard(new Reflector(), access).canActivate(contextFor(undefined, { id: 'u1' })),
    ).resolves.toBe(true);
    expect(access.asked).toEqual([]);
  });

  it("asks about the route's feature for the signed-in account", async () => {
    const access = new FixedAccess({ allowed: true });
    await expect(
      new SubscriptionGuard(new Reflector(), access).canActivate(contextFor('calculator', { id: 'u1' })),
    ).resolves.toBe(true);
    expect(access.asked).toEqual([['u1', 'calculator']]);
  });

  it('refuses with SUBSCRIPTION_REQUIRED without a valid subscription or without a user', async () => {
    const access = new FixedAccess({ allowed: false, code: 'SUBSCRIPTION_REQUIRED' });
    const guard = new SubscriptionGuard(new Reflector(), access);
    await expect(guard.canActivate(contextFor('settings', { id: 'u1' }))).rejects.toBeInstanceOf(
      SubscriptionRequiredException,
    );
    await expect(guard.canActivate(contextFor('settings', undefined))).rejects.toBeInstanceOf(
      SubscriptionRequiredException,
    );
  });

  it('refuses over the limit with the usage message, limit and count', async () => {
    const access = new FixedAccess({
      allowed: false,
      code: 'USAGE_LIMIT_REACHED',
      message: 'Limit reached',
      limit: 10,
      used: 10,
    });
    const refusal = await new SubscriptionGuard(new Reflector(), access)
      .canActivate(contextFor('report_creation', { id: 'u1' }))
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ForbiddenException);
    expect((refusal as ForbiddenException).getResponse()).toEqual({
      error: 'Limit reached',
      code: 'USAGE_LIMIT_REACHED',
      feature: 'report_creation',
      limit: 10,
      used: 10,
    });
  });
});
