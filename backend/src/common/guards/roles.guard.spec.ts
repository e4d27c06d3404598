import { describe, expect, it } from '@jest/globals';
import { type ExecutionContext, ForbiddenException } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import { REQUIRED_ROLE_KEY } from '../decorators/roles.decorator.js';
import type { MemberRole } from '../roles.js';
import { RolesGuard } from './roles.guard.js';

function contextFor(path: string, method: string, role: MemberRole | undefined, marked?: MemberRole): ExecutionContext {
  const handler = () => undefined;
  if (marked) Reflect.defineMetadata(REQUIRED_ROLE_KEY, marked, handler);
  class Controller {}
  Reflect.defineMetadata(PATH_METADATA, path, Controller);
  const user = role ? { id: 'c1', memberId: 'p1', email: 'p@example.com', sessionId: 's1', role } : undefined;
  return {
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => ({ user, method }) }),
  } as unknown as ExecutionContext;
}

const guard = new RolesGuard(new Reflector());
const refusal = (context: ExecutionContext) => {
  try {
    guard.canActivate(context);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenException);
    return (error as ForbiddenException).getResponse();
  }
};

describe('RolesGuard', () => {
  it('lets any member read a company route and needs a bookkeeper to write one', () => {
    expect(refusal(contextFor('protected/reports', 'GET', 'viewer'))).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(refusal(contextFor('protected/reports', method, 'viewer'))).toEqual({
        error: 'This needs the bookkeeper role',
      });
      expect(refusal(contextFor('protected/reports', method, 'bookkeeper'))).toBeNull();
    }
  });

  it('holds a marked route to its role, or a higher one, whatever the method', () => {
    expect(refusal(contextFor('protected/subscriptions', 'POST', 'admin', 'owner'))).toEqual({
      error: 'This needs the owner role',
    });
    expect(refusal(contextFor('protected/subscriptions', 'POST', 'owner', 'owner'))).toBeNull();
    expect(refusal(contextFor('protected/members', 'GET', 'viewer', 'admin'))).toEqual({
      error: 'This needs the admin role',
    });
    expect(refusal(contextFor('protected/calculator', 'POST', 'viewer', 'viewer'))).toBeNull();
  });

  it('remembers what a handler needs per method, and still checks each request by its own role', () => {
    const handler = () => undefined;
    class Controller {}
    Reflect.defineMetadata(PATH_METADATA, 'protected/vehicles', Controller);
    const request = (method: string, role: MemberRole) =>
      ({
        getHandler: () => handler,
        getClass: () => Controller,
        switchToHttp: () => ({
          getRequest: () => ({
            user: { id: 'c1', memberId: 'p1', email: 'p@example.com', sessionId: 's1', role },
            method,
          }),
        }),
      }) as unknown as ExecutionContext;
    for (let call = 0; call < 2; call++) {
      expect(refusal(request('GET', 'viewer'))).toBeNull();
      expect(refusal(request('post', 'viewer'))).toEqual({ error: 'This needs the bookkeeper role' });
      expect(refusal(request('POST', 'bookkeeper'))).toBeNull();
      expect(refusal(request('head', 'viewer'))).toBeNull();
    }
  });

  it("leaves the person's own routes (auth) and public routes to every member", () => {
    expect(refusal(contextFor('auth', 'POST', 'viewer'))).toBeNull();
    expect(refusal(contextFor('/auth', 'POST', undefined))).toBeNull();
  });
});
