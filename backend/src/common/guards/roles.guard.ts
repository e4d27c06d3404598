import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedUser } from '../authenticated-user.js';
import { REQUIRED_ROLE_KEY } from '../decorators/roles.decorator.js';
import { type MemberRole, roleAtLeast } from '../roles.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one place a member's role is checked; its answer names the least role the route needs. */
export const roleNeeded = (role: MemberRole) => `This needs the ${role} role`;

/**
 * Global, after the JWT guard: a route marked @Roles(x) needs role x or a higher one; an unmarked route of a
 * company (its controller's path under `protected`) needs any member to read and a bookkeeper to write. The
 * role is the one the session store answered for this request, so a changed role holds within the session cache.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  /**
   * The role each handler needs, by HTTP method: read from its decorators and its controller's path once, not on
   * every request (the guard runs on every request of the app, and reading metadata was most of its cost).
   */
  private readonly memo = new WeakMap<object, Map<string, MemberRole | null>>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ user?: AuthenticatedUser; method: string }>();
    const user = request.user;
    if (!user) return true; // a public route: the JWT guard let it through without a token
    const needed = this.needed(context, request.method);
    if (needed && !roleAtLeast(user.role, needed)) throw new ForbiddenException({ error: roleNeeded(needed) });
    return true;
  }

  private needed(context: ExecutionContext, method: string): MemberRole | null {
    const handler = context.getHandler();
    let byMethod = this.memo.get(handler);
    if (!byMethod) this.memo.set(handler, (byMethod = new Map()));
    const verb = method.toUpperCase();
    if (!byMethod.has(verb)) byMethod.set(verb, this.read(context, verb));
    return byMethod.get(verb) ?? null;
  }

  private read(context: ExecutionContext, method: string): MemberRole | null {
    const marked = this.reflector.getAllAndOverride<MemberRole | undefined>(REQUIRED_ROLE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (marked) return marked;
    const path = String(this.reflector.get<string>(PATH_METADATA, context.getClass()) ?? '');
    if (!path.replace(/^\//, '').startsWith('protected')) return null;
    return READS.has(method) ? 'viewer' : 'bookkeeper';
  }
}
