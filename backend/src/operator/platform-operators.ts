import { Injectable } from '@nestjs/common';
import { AccountCredentials } from '../users/account-credentials.service.js';
import { PlatformOperatorsRepository } from './platform-operators.repository.js';

/** How long a replica trusts its answer for one person (an operator added by the CLI is seen within it). */
const CACHE_MS = 30_000;

/** The addresses of OPERATOR_EMAILS (comma-separated, any case). */
export function operatorEmailsFrom(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set(
    (env.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Who runs the platform (the official rate matrices, interest rates, the accounts list): the accounts named by
 * OPERATOR_EMAILS, and those added with `npm run operator:add` (platform_operators), once the account has proven
 * it reads that address's mailbox. The address is read from the database, never from the token: registering an
 * operator's address before its owner does gives nothing. An operator is also an ordinary account: being one opens
 * the operator console, never another company's data.
 */
@Injectable()
export class PlatformOperators {
  private readonly configured = operatorEmailsFrom();
  private readonly cache = new Map<string, { operator: boolean; until: number }>();

  constructor(
    private readonly repository: PlatformOperatorsRepository,
    private readonly credentials: AccountCredentials,
  ) {}

  /** `userId`: the person signed in (the token's member, not the company they act for). */
  async isOperator(userId: string): Promise<boolean> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.operator;
    const email = await this.credentials.provenEmail(userId);
    const operator = email !== null && (this.configured.has(email) || (await this.repository.lists(email)));
    this.cache.set(userId, { operator, until: Date.now() + CACHE_MS });
    return operator;
  }

  /** The person's address was just proven: this replica asks the database again at their next request. */
  forget(userId: string): void {
    this.cache.delete(userId);
  }
}
