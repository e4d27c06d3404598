import { Injectable } from '@nestjs/common';
import { PlatformOperatorsRepository } from './platform-operators.repository.js';

/** How long a replica trusts its answer for one address (an operator added by the CLI is seen within it). */
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
 * OPERATOR_EMAILS, and those added with `npm run operator:add` (platform_operators). An operator is also an ordinary
 * account: being one opens the operator console, never another company's data.
 */
@Injectable()
export class PlatformOperators {
  private readonly configured = operatorEmailsFrom();
  private readonly cache = new Map<string, { operator: boolean; until: number }>();

  constructor(private readonly repository: PlatformOperatorsRepository) {}

  async isOperator(email: string): Promise<boolean> {
    const key = email.trim().toLowerCase();
    if (this.configured.has(key)) return true;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.operator;
    const operator = await this.repository.has(key);
    this.cache.set(key, { operator, until: Date.now() + CACHE_MS });
    return operator;
  }
}
