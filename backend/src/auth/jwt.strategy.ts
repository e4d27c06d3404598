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
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: JwtPayload): AuthenticatedUser {
    return { id: payload.sub, email: payload.email };
  }
}
