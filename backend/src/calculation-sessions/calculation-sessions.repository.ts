import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeepPartial, Repository } from 'typeorm';
import type { ImportedEntry } from './imported-entry.js';
import { CalculationSession } from './entities/calculation-session.entity.js';
import { containsPattern } from '../common/sql/like.js';

/** `%` and `_` typed by the user are matched literally. */

export interface SessionPageQuery {
  status?: string;
  period?: string;
  search?: string;
  /** An SQL expression over `s`, from the service's fixed list of sort columns. */
  orderBy: string;
  descending: boolean;
  offset: number;
  limit: number;
}

type SessionChanges = Pick<
  CalculationSession,
  'name' | 'companyName' | 'licenseNumber' | 'taxPeriod' | 'averageMpg' | 'status' | 'entries' | 'updatedAt'
>;

/** The SQL of `calculation_sessions`. */
@Injectable()
export class CalculationSessionsRepository {
  constructor(@InjectRepository(CalculationSession) private readonly sessions: Repository<CalculationSession>) {}

  /** One page of the account's sessions with each one's entry count, and the count of all that match. */
  async page(
    userId: string,
    q: SessionPageQuery,
  ): Promise<{ sessions: CalculationSession[]; entryCounts: Map<string, number>; total: number }> {
    const qb = this.sessions
      .createQueryBuilder('s')
      .addSelect('jsonb_array_length(s.entries)', 'entry_count')
      .where('s.user_id = :userId', { userId });
    if (q.status) qb.andWhere('s.status = :status', { status: q.status });
    if (q.period) qb.andWhere('s.tax_period = :period', { period: q.period });
    if (q.search) {
      qb.andWhere("(s.name ILIKE :search ESCAPE '\\' OR s.company_name ILIKE :search ESCAPE '\\')", {
        search: containsPattern(q.search),
      });
    }
    const total = await qb.getCount();
    const { entities, raw } = await qb
      .orderBy(q.orderBy, q.descending ? 'DESC' : 'ASC')
      .addOrderBy('s.id', 'ASC')
      .offset(q.offset)
      .limit(q.limit)
      .getRawAndEntities<{ s_id: string; entry_count: number }>();
    return { sessions: entities, entryCounts: new Map(raw.map((row) => [row.s_id, Number(row.entry_count)])), total };
  }

  build(fields: DeepPartial<CalculationSession>): CalculationSession {
    return this.sessions.create(fields);
  }

  /**
   * Saves a new session unless the account already holds `cap`: then its oldest completed session makes room, and
   * with none the answer is null. One account's creations queue on its own lock, so two at the cap cannot both
   * pass the count.
   */
  insertWithinCap(session: CalculationSession, cap: number): Promise<CalculationSession | null> {
    return this.sessions.manager.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('calculation_sessions:' || $1, 0))`, [
        session.userId,
      ]);
      const count = await manager.countBy(CalculationSession, { userId: session.userId });
      if (count < cap) return manager.save(session);
      const freed = (await manager.query(
        `DELETE FROM calculation_sessions WHERE id = (
           SELECT id FROM calculation_sessions WHERE user_id = $1 AND status = 'completed'
            ORDER BY updated_at, id LIMIT 1) RETURNING id`,
        [session.userId],
      )) as [unknown[], number];
      return freed[1] > 0 ? manager.save(session) : null;
    });
  }

  findOne(userId: string, id: string): Promise<CalculationSession | null> {
    return this.sessions.findOneBy({ id, userId });
  }

  async update(userId: string, id: string, changes: SessionChanges): Promise<void> {
    await this.sessions.update({ id, userId }, changes);
  }

  /** Answers whether a session was deleted. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.sessions.delete({ id, userId });
    return Boolean(result.affected);
  }

  /**
   * Appends entries in one statement (two imports at once both land), unless the session would then hold more
   * than `maxEntries`; a period is recorded only when the session has none yet. Answers whether it appended.
   */
  async appendEntries(
    userId: string,
    id: string,
    entries: ImportedEntry[],
    period: string,
    maxEntries: number,
  ): Promise<boolean> {
    const [, affected] = (await this.sessions.query(
      `UPDATE calculation_sessions
          SET entries = entries || $1::jsonb,
              tax_period = CASE WHEN tax_period = '' THEN $2 ELSE tax_period END,
              updated_at = now()
        WHERE id = $3 AND user_id = $4 AND jsonb_array_length(entries) + $5 <= $6`,
      [JSON.stringify(entries), period, id, userId, entries.length, maxEntries],
    )) as [unknown, number];
    return affected > 0;
  }
}
