import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MemberRole } from '../common/roles.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuthRepository } from './auth.repository.js';

interface CachedSession {
  /** The member's role in the session's company, or null: revoked, or no longer a member. */
  role: MemberRole | null;
  until: number;
}

/** Sessions whose answer is kept at once; past that the oldest are forgotten (and read again when used). */
const CACHE_ENTRIES = 50_000;

/**
 * Every sign-in is a row of `auth_sessions`, and its id (`sid`) is in the token. The JWT guard asks here whether
 * the session is still live: logout, a password change or reset revokes rows, and a deleted account's rows go
 * with it. The answer is cached per process for AUTH_SESSION_CACHE_SECONDS (30 s by default), so the bare
 * authenticated route costs a map lookup, not a query, and every replica sees a revocation within that time
 * (README, Sessions and sign-out). A session is of a person in one company: the answer is the person's role there
 * (null once the session is revoked or the membership removed), so a removed member or a changed role is seen by
 * every replica within the same window (at most 60 s, the setting's bound). The replica that revokes forgets its cached answer once the revocation is
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

  /**
   * A session of person `userId` acting for company `companyId`; `from` is the session a company switch came from,
   * whose sign-out ends this one too.
   */
  open(userId: string, companyId: string, manager?: EntityManager, from: string | null = null): Promise<string> {
    return this.repository.openSession(userId, companyId, manager, from);
  }

  /** The person's role in the company if the session is live, else null. */
  async roleOf(sessionId: string, userId: string, companyId: string): Promise<MemberRole | null> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now) return cached.role;
    const forgottenBefore = this.forgotten;
    const role = await this.repository.isSessionLive(sessionId, userId, companyId);
    if (this.forgotten === forgottenBefore)
      this.remember(sessionId, { role, until: now + this.config.authSessionCacheMs });
    return role;
  }

  /**
   * Sign-out: ends the session and every other of the same sign-in (the companies it switched to, which other tabs
   * may act with); the statement commits on its own, so their cached answers go at once.
   */
  async revoke(sessionId: string): Promise<void> {
    this.forget([sessionId, ...(await this.repository.revokeSession(sessionId))]);
  }

  /**
   * Ends every session of the account but `keep`'s sign-in (a password change keeps the browser that made it signed
   * in, in every tab and company) in the
   * caller's transaction, and answers their ids: the caller passes them to `forget` once that transaction commits.
   */
  revokeAll(userId: string, keep: string | null, manager: EntityManager): Promise<string[]> {
    return this.repository.revokeAllSessions(userId, keep, manager);
  }

  /**
   * Ends every session of a person in one company (a removed member) in the caller's transaction; answers their
   * ids for `forget` once it commits.
   */
  revokeMember(userId: string, companyId: string, manager: EntityManager): Promise<string[]> {
    return this.repository.revokeMemberSessions(userId, companyId, manager);
  }

  /** The live sessions of a person in one company (a changed role: this replica forgets their cached role). */
  ofMember(userId: string, companyId: string, manager: EntityManager): Promise<string[]> {
    return this.repository.memberSessions(userId, companyId, manager);
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
