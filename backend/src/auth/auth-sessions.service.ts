import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuthRepository } from './auth.repository.js';

interface CachedSession {
  live: boolean;
  until: number;
}

/** Sessions whose answer is kept at once; past that the oldest are forgotten (and read again when used). */
const CACHE_ENTRIES = 50_000;

/**
 * Every sign-in is a row of `auth_sessions`, and its id (`sid`) is in the token. The JWT guard asks here whether
 * the session is still live: logout, a password change or reset revokes rows, and a deleted account's rows go
 * with it. The answer is cached per process for AUTH_SESSION_CACHE_SECONDS (30 s by default), so the bare
 * authenticated route costs a map lookup, not a query, and every replica sees a revocation within that time
 * (README, Sessions and sign-out). The replica that revokes forgets its cached answer once the revocation is
 * committed: forgetting earlier let a request in between read the still-live row and cache it for the whole window.
 */
@Injectable()
export class AuthSessionsService {
  private readonly cache = new Map<string, CachedSession>();
  /**
   * Counts what this process forgot. A read that started before a revocation committed may answer "live" after it;
   * it is not cached when anything was forgotten meanwhile (rare: sign-outs and password changes).
   */
  private forgotten = 0;

  constructor(
    private readonly repository: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  open(userId: string, manager?: EntityManager): Promise<string> {
    return this.repository.openSession(userId, manager);
  }

  async isLive(sessionId: string, userId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now) return cached.live;
    const forgottenBefore = this.forgotten;
    const live = await this.repository.isSessionLive(sessionId, userId);
    if (this.forgotten === forgottenBefore)
      this.remember(sessionId, { live, until: now + this.config.authSessionCacheMs });
    return live;
  }

  /** Ends one session (sign-out); the statement commits on its own, so its cached answer goes at once. */
  async revoke(sessionId: string): Promise<void> {
    await this.repository.revokeSession(sessionId);
    this.forget([sessionId]);
  }

  /**
   * Ends every session of the account but `keep` (a password change keeps the browser that made it signed in) in the
   * caller's transaction, and answers their ids: the caller passes them to `forget` once that transaction commits.
   */
  revokeAll(userId: string, keep: string | null, manager: EntityManager): Promise<string[]> {
    return this.repository.revokeAllSessions(userId, keep, manager);
  }

  /** Drops this process's cached answers for sessions whose revocation has committed. */
  forget(sessionIds: string[]): void {
    this.forgotten += 1;
    for (const id of sessionIds) this.cache.delete(id);
  }

  private remember(sessionId: string, entry: CachedSession): void {
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(sessionId); // re-inserted at the end: the map's order is the eviction order
    this.cache.set(sessionId, entry);
  }
}
