import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { PlatformOperators } from './platform-operators.js';

/**
 * Lets only platform operators through (after the global JWT guard has named the user): 403 for anyone else. The
 * person (`memberId`) is asked about, by id: the token's e-mail is what they typed at registration, proven or not.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(private readonly operators: PlatformOperators) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (user && (await this.operators.isOperator(user.memberId))) return true;
    const message = 'Only a platform operator may use the operator console';
    throw new ForbiddenException({ error: message, message });
  }
}
