import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { addExactly, calculateReport, roundQuantity, roundRate, roundTo, toNumber } from '../ifta/index.js';
import { AccountJurisdictionsService } from '../reports/account-jurisdictions.service.js';
import { isUuid } from '../reports/reports.service.js';
import {
  MAX_SESSION_ENTRIES,
  MAX_SESSIONS_PER_ACCOUNT,
  type CreateSessionDto,
  type UpdateSessionDto,
} from './dto/session-input.dto.js';
import type { QuerySessionsDto, SessionSortField } from './dto/query-sessions.dto.js';
import {
  SessionListItemDto,
  type SessionListResponseDto,
  SessionResponseDto,
  type SessionSummaryDto,
} from './dto/session-response.dto.js';
import { CalculationSession } from './entities/calculation-session.entity.js';
import { type ImportedEntry, toImportedEntry } from './imported-entry.js';

const SORT_COLUMNS: Record<SessionSortField, string> = {
  created_at: 's.created_at',
  updated_at: 's.updated_at',
  name: 'lower(s.name)',
  company_name: 'lower(s.company_name)',
};

/** `%` and `_` typed by the user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(CalculationSession) private readonly sessions: Repository<CalculationSession>,
    private readonly accountJurisdictions: AccountJurisdictionsService,
  ) {}

  async list(userId: string, query: QuerySessionsDto): Promise<SessionListResponseDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    // `sort` may carry a "-" prefix for descending; otherwise `order` decides (created_at defaults to newest first).
    const field = (query.sort ?? 'created_at').replace(/^-/, '') as SessionSortField;
    const descending = query.sort?.startsWith('-') || (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc';
    const qb = this.sessions
      .createQueryBuilder('s')
      .addSelect('jsonb_array_length(s.entries)', 'entry_count')
      .where('s.user_id = :userId', { userId });
    if (query.status) qb.andWhere('s.status = :status', { status: query.status });
    if (query.period) qb.andWhere('s.tax_period = :period', { period: query.period });
    if (query.search) {
      qb.andWhere("(s.name ILIKE :search ESCAPE '\\' OR s.company_name ILIKE :search ESCAPE '\\')", {
        search: likePattern(query.search),
      });
    }
    const total = await qb.getCount();
    const { entities, raw } = await qb
      .orderBy(SORT_COLUMNS[field], descending ? 'DESC' : 'ASC')
      .addOrderBy('s.id', 'ASC')
      .offset((page - 1) * limit)
      .limit(limit)
      .getRawAndEntities<{ s_id: string; entry_count: number }>();
    const counts = new Map(raw.map((row) => [row.s_id, Number(row.entry_count)]));
    return {
      data: entities.map((session) => SessionListItemDto.from(session, counts.get(session.id) ?? 0)),
      pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    };
  }

  async get(userId: string, id: string): Promise<SessionResponseDto> {
    return SessionResponseDto.full(await this.find(userId, id));
  }

  async create(userId: string, body: CreateSessionDto): Promise<SessionResponseDto> {
    const averageMpg = roundTo(body.average_mpg ?? 0, 2);
    const entries = await this.entriesFrom(userId, body.entries ?? [], averageMpg);
    const session = this.sessions.create({
      userId,
      name: body.name ?? '',
      company_name: body.company_name ?? '',
      license_number: body.license_number ?? '',
      tax_period: body.tax_period ?? body.period ?? '',
      average_mpg: averageMpg,
      status: body.status ?? 'draft',
      entries,
    });
    const saved = await this.sessions.manager.transaction(async (manager) => {
      // One account's creations queue on its own lock, so two at the cap cannot both pass the count.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('calculation_sessions:' || $1, 0))`, [userId]);
      const count = await manager.countBy(CalculationSession, { userId });
      // The calculator opens a session per report it autosaves, so completed ones (their work is a final report
      // now) make room, oldest first; only an account holding the cap in unfinished work is refused.
      if (count >= MAX_SESSIONS_PER_ACCOUNT) {
        const freed = (await manager.query(
          `DELETE FROM calculation_sessions WHERE id = (
             SELECT id FROM calculation_sessions WHERE user_id = $1 AND status = 'completed'
              ORDER BY updated_at, id LIMIT 1) RETURNING id`,
          [userId],
        )) as [unknown[], number];
        if (freed[1] > 0) return manager.save(session);
      }
      if (count >= MAX_SESSIONS_PER_ACCOUNT) {
        const error = `An account keeps at most ${MAX_SESSIONS_PER_ACCOUNT} calculation sessions; delete one to start another`;
        throw new ForbiddenException({ error, code: 'SESSION_LIMIT_REACHED', limit: MAX_SESSIONS_PER_ACCOUNT });
      }
      return manager.save(session);
    });
    return SessionResponseDto.full(saved);
  }

  async update(userId: string, id: string, body: UpdateSessionDto): Promise<SessionResponseDto> {
    const session = await this.find(userId, id);
    const averageMpg = body.average_mpg === undefined ? session.average_mpg : roundTo(body.average_mpg, 2);
    const entries = body.entries
      ? await this.entriesFrom(userId, body.entries, averageMpg)
      : session.entries.map((entry) => this.recompute(entry, averageMpg));
    await this.sessions.update(
      { id, userId },
      {
        name: body.name ?? session.name,
        company_name: body.company_name ?? session.company_name,
        license_number: body.license_number ?? session.license_number,
        tax_period: body.tax_period ?? body.period ?? session.tax_period,
        average_mpg: averageMpg,
        status: body.status ?? session.status,
        entries,
        updatedAt: new Date(),
      },
    );
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Calculation session not found' });
    const result = await this.sessions.delete({ id, userId });
    if (!result.affected) throw new NotFoundException({ error: 'Calculation session not found' });
    return { id, deleted: true };
  }

  async summary(userId: string, id: string): Promise<SessionSummaryDto> {
    const session = await this.find(userId, id);
    const groups = new Map<string, { entry: ImportedEntry; totalMiles: number }>();
    for (const entry of session.entries) {
      const key = `${entry.state_abbreviation}|${entry.tax_rate}`;
      const group = groups.get(key);
      if (!group) groups.set(key, { entry: { ...entry }, totalMiles: toNumber(entry.total_miles) });
      else {
        group.entry.miles_driven = addExactly(group.entry.miles_driven, entry.miles_driven);
        group.entry.fuel_purchased = addExactly(group.entry.fuel_purchased, entry.fuel_purchased);
        group.totalMiles = addExactly(group.totalMiles, entry.total_miles);
      }
    }
    const { rows, totals } = calculateReport(
      [...groups.values()].map(({ entry, totalMiles }) => ({
        entry,
        totalMiles,
        taxableMiles: entry.miles_driven,
        gallonsPurchased: entry.fuel_purchased,
        taxRate: entry.tax_rate,
      })),
      session.average_mpg,
    );
    return {
      id: session.id,
      average_mpg: session.average_mpg,
      entry_count: session.entries.length,
      jurisdictions: rows.map((row) => ({
        state: row.entry.state,
        state_abbreviation: row.entry.state_abbreviation,
        tax_rate: row.entry.tax_rate,
        miles_driven: roundQuantity(row.taxableMiles),
        total_miles: roundQuantity(row.totalMiles),
        fuel_purchased: roundQuantity(row.gallonsPurchased),
        fuel_consumed: row.stored.gallonsConsumed,
        net_gallons: row.stored.netGallons,
        tax_due: row.stored.taxDue,
      })),
      totals: {
        total_miles: roundQuantity(totals.totalMiles),
        miles_driven: roundQuantity(totals.taxableMiles),
        fuel_purchased: roundQuantity(totals.gallonsPurchased),
        fuel_consumed: roundQuantity(totals.gallonsConsumed),
        net_gallons: roundQuantity(totals.netGallons),
        tax_due: totals.taxDue,
        is_no_tax_due: totals.isNoTaxDue,
      },
    };
  }

  /** The session's MPG, for imports that name a session; 404 when it is not the caller's. */
  async averageMpgOf(userId: string, id: string): Promise<number> {
    return (await this.find(userId, id)).average_mpg;
  }

  /**
   * Appends imported entries in one statement (two imports at once both land). Refuses to grow a session past
   * MAX_SESSION_ENTRIES; a period is recorded only when the session has none yet.
   */
  async appendEntries(userId: string, id: string, entries: ImportedEntry[], period?: string): Promise<void> {
    await this.find(userId, id);
    const [, affected] = (await this.sessions.query(
      `UPDATE calculation_sessions
          SET entries = entries || $1::jsonb,
              tax_period = CASE WHEN tax_period = '' THEN $2 ELSE tax_period END,
              updated_at = now()
        WHERE id = $3 AND user_id = $4 AND jsonb_array_length(entries) + $5 <= $6`,
      [JSON.stringify(entries), (period ?? '').slice(0, 20), id, userId, entries.length, MAX_SESSION_ENTRIES],
    )) as [unknown, number];
    if (!affected) {
      throw new BadRequestException({
        error: `A calculation session holds at most ${MAX_SESSION_ENTRIES} entries`,
      });
    }
  }

  private async find(userId: string, id: string): Promise<CalculationSession> {
    const session = id && isUuid(id) ? await this.sessions.findOneBy({ id, userId }) : null;
    if (!session) throw new NotFoundException({ error: 'Calculation session not found' });
    return session;
  }

  private recompute(entry: ImportedEntry, averageMpg: number): ImportedEntry {
    return toImportedEntry(
      {
        jurisdiction: { name: entry.state, abbreviation: entry.state_abbreviation, taxRate: toNumber(entry.tax_rate) },
        totalMiles: toNumber(entry.total_miles),
        taxableMiles: toNumber(entry.miles_driven),
        gallonsPurchased: toNumber(entry.fuel_purchased),
      },
      averageMpg,
    );
  }

  private async entriesFrom(
    userId: string,
    inputs: NonNullable<CreateSessionDto['entries']>,
    averageMpg: number,
  ): Promise<ImportedEntry[]> {
    const directory = await this.accountJurisdictions.forAccount(userId);
    const fields: Record<string, string> = {};
    const entries = inputs.map((input, index) => {
      const resolved = directory.resolve(input.state_abbreviation || input.state);
      if (!resolved) {
        fields[`entries.${index}.state`] =
          `entries.${index}.state "${input.state}" is not an IFTA jurisdiction or a name in your tax-rate table`;
        return undefined;
      }
      const taxableMiles = toNumber(input.miles_driven ?? input.total_miles);
      return toImportedEntry(
        {
          jurisdiction: {
            ...resolved,
            taxRate: input.tax_rate === undefined ? resolved.taxRate : roundRate(input.tax_rate),
          },
          totalMiles: toNumber(input.total_miles ?? input.miles_driven),
          taxableMiles,
          gallonsPurchased: toNumber(input.fuel_purchased),
        },
        averageMpg,
      );
    });
    const messages = Object.values(fields);
    if (messages.length) {
      const sentence = messages.join('; ');
      throw new BadRequestException({ error: sentence, message: sentence, fields });
    }
    return entries as ImportedEntry[];
  }
}
