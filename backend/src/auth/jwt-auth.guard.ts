import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt } from 'passport-jwt';
import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator.js';
import { JwtStrategy } from './jwt.strategy.js';
import { VerifiedTokens } from './verified-tokens.js';

const SESSION_EXPIRED = 'Session expired, please sign in again';
const AUTH_REQUIRED = 'Authentication required';
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). A token this process verified before
 * skips passport's signature check (VerifiedTokens says why) but not the strategy's session and role check.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
    private readonly verified: VerifiedTokens,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const token = bearerToken(request);
    const payload = token ? this.verified.payloadOf(token, Date.now()) : undefined;
    if (!payload) return (await super.canActivate(context)) as boolean;
    const user = await this.strategy.validate(request, payload);
    request.user = this.handleRequest(null, user || undefined, undefined);
    return true;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown): T {
    if (error || !user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      throw new UnauthorizedException({ error: expired ? SESSION_EXPIRED : AUTH_REQUIRED });
    }
    return user;
  }
}
