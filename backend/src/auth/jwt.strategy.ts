import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuthSessionsService } from './auth-sessions.service.js';
import type { JwtPayload } from './jwt-payload.js';
import { isUuid } from '../common/validators/uuid.js';
import { VerifiedTokens } from './verified-tokens.js';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Accepts a token signed with HS256 only (so `alg: none` and foreign keys fail) whose sign-in session is still
 * live: AuthSessionsService answers from a short per-process cache, so most requests make no database read.
 */

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: AuthSessionsService,
    private readonly verified: VerifiedTokens,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // The request too, so a token passport has verified is remembered by its text (JwtAuthGuard, VerifiedTokens).
      passReqToCallback: true,
      // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a PEM public key (and
      // throws) on every request; that was 6% of the CPU of an authenticated request (docs/PERFORMANCE.md).
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /**
   * False (401) for a token without a session (issued before sessions existed), revoked, of a deleted account, or of
   * a person no longer a member of the token's company. The role is the membership's now, not the one signed in with.
   * Called by passport once it has verified the token, and by JwtAuthGuard for a token verified before.
   */
  async validate(request: Request, payload: JwtPayload): Promise<AuthenticatedUser | false> {
    if (typeof payload.sid !== 'string' || !isUuid(payload.sid) || typeof payload.sub !== 'string') return false;
    const memberId = payload.mid ?? payload.sub;
    if (!isUuid(payload.sub) || typeof memberId !== 'string' || !isUuid(memberId)) return false;
    const role = await this.sessions.roleOf(payload.sid, memberId, payload.sub);
    if (!role) return false;
    const token = bearerToken(request);
    if (token) this.verified.remember(token, payload);
    return { id: payload.sub, email: payload.email, sessionId: payload.sid, memberId, role };
  }
}
