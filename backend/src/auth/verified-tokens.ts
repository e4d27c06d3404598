import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { JwtPayload } from './jwt-payload.js';

/** Tokens remembered at once; past that the least recently used are verified again when they come back. */
const REMEMBERED_TOKENS = 20_000;

/**
 * The tokens this process has already verified (signature, algorithm, expiry), by their exact text. A browser sends
 * the same token on every request for days, and verifying it through passport — HMAC, JSON parsing, the strategy's
 * per-request machinery — was the largest share of the CPU of a bare authenticated request. A remembered token
 * still has its expiry checked here and its session and role checked on every request (JwtStrategy.validate), so a
 * sign-out or a removed member is seen exactly as before; only the signature check, whose answer cannot change for
 * the same text, is not repeated.
 */
@Injectable()
export class VerifiedTokens {
  private readonly payloads = new LRUCache<string, JwtPayload>({ max: REMEMBERED_TOKENS });

  /** A token whose signature passport has just accepted; one without an expiry is never remembered. */
  remember(token: string, payload: JwtPayload): void {
    if (typeof payload.exp === 'number') this.payloads.set(token, payload);
  }

  /**
   * The payload of a token verified before and still unexpired at `nowMs`, else undefined (then passport verifies it,
   * and an expired token gets its "session expired" answer from there). Expiry as jsonwebtoken reads it: a token is
   * expired from the second its `exp` names.
   */
  payloadOf(token: string, nowMs: number): JwtPayload | undefined {
    const payload = this.payloads.get(token);
    if (!payload) return undefined;
    if (Math.floor(nowMs / 1000) >= (payload.exp ?? 0)) {
      this.payloads.delete(token);
      return undefined;
    }
    return payload;
  }
}
