import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { JwtPayload } from './jwt-payload.js';

/**
 * Trusts a token's subject without a database read per request: tokens are short-lived, signed with
 * HS256 only (so `alg: none` and foreign keys fail), and every query is scoped by this id anyway.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a PEM public key (and
      // throws) on every request; that was 6% of the CPU of an authenticated request (docs/PERFORMANCE.md).
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: JwtPayload): AuthenticatedUser {
    return { id: payload.sub, email: payload.email };
  }
}
