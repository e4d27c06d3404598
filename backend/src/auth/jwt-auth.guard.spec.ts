import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import jwt from 'jsonwebtoken';
import type { AppConfig } from '../config/app-config.js';
import type { MemberRole } from '../common/roles.js';
import type { AuthSessionsService } from './auth-sessions.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { VerifiedTokens } from './verified-tokens.js';

const SECRET = 'a-test-secret-of-thirty-two-chars!';
const COMPANY = '5b0c8f0e-5a7e-4f43-9d55-1b8d4a1f0c11';
const SESSION = '0f6d5c8e-2f8a-4a5e-8a38-3d6c9b7e4a22';

/** A guard over a real strategy and passport; the session store answers `role` (null: revoked). */
function setUp(role: MemberRole | null = 'owner') {
  const roleOf = jest.fn(async () => role);
  const sessions = { roleOf } as unknown as AuthSessionsService;
  const verified = new VerifiedTokens();
  const strategy = new JwtStrategy({ jwtSecret: SECRET } as AppConfig, sessions, verified);
  const reflector = { getAllAndOverride: () => false } as unknown as Reflector;
  const guard = new JwtAuthGuard(reflector, strategy, verified);
  const setRole = (next: MemberRole | null) => roleOf.mockImplementation(async () => next);
  return { guard, roleOf, setRole };
}

const sign = (expiresInSeconds = 3600) =>
  jwt.sign({ sub: COMPANY, mid: COMPANY, email: 'o@example.com', sid: SESSION }, SECRET, {
    algorithm: 'HS256',
    expiresIn: expiresInSeconds,
  });

function contextFor(token: string) {
  const request: { headers: Record<string, string>; user?: unknown } = {
    headers: { authorization: `Bearer ${token}` },
  };
  const http = { getRequest: () => request, getResponse: () => ({}), getNext: () => undefined };
  const context = {
    switchToHttp: () => http,
    getHandler: () => undefined,
    getClass: () => undefined,
    getType: () => 'http',
    getArgs: () => [request, {}, undefined],
    getArgByIndex: (index: number) => [request, {}, undefined][index],
  } as unknown as ExecutionContext;
  return { context, request };
}

const passportCheck = jest.spyOn(AuthGuard('jwt').prototype as { canActivate: () => unknown }, 'canActivate');

describe('JwtAuthGuard with remembered tokens', () => {
  afterEach(() => {
    passportCheck.mockClear();
  });

  it('verifies a token through passport once, then accepts it without passport while checking its session', async () => {
    const { guard, roleOf } = setUp();
    const token = sign();
    for (let i = 0; i < 3; i += 1) {
      const { context, request } = contextFor(token);
      await expect(guard.canActivate(context)).resolves.toBe(true);
      expect(request.user).toMatchObject({ id: COMPANY, sessionId: SESSION, role: 'owner' });
    }
    expect(passportCheck).toHaveBeenCalledTimes(1);
    expect(roleOf).toHaveBeenCalledTimes(3);
  });

  it('refuses a remembered token once its session is revoked', async () => {
    const { guard, setRole } = setUp();
    const token = sign();
    await guard.canActivate(contextFor(token).context);
    setRole(null);
    await expect(guard.canActivate(contextFor(token).context)).rejects.toMatchObject({
      response: { error: 'Authentication required' },
    });
  });

  it('sends a remembered token past its expiry back to passport, which answers that the session expired', async () => {
    const { guard } = setUp();
    const token = sign(60);
    await guard.canActivate(contextFor(token).context);
    const later = Date.now() + 61_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await expect(guard.canActivate(contextFor(token).context)).rejects.toMatchObject({
        response: { error: 'Session expired, please sign in again' },
      });
      expect(passportCheck).toHaveBeenCalledTimes(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('never takes a token of other text for a remembered one: a changed signature is refused', async () => {
    const { guard } = setUp();
    const token = sign();
    await guard.canActivate(contextFor(token).context);
    const [header, body, signature] = token.split('.');
    const forged = `${header}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(guard.canActivate(contextFor(forged).context)).rejects.toMatchObject({
      response: { error: 'Authentication required' },
    });
  });
});
