import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { addExactly, calculateReport, roundQuantity, roundRate, roundTo, toNumber } from '../ifta/index.js';
import { AccountJurisdictionsService } from '../reports/account-jurisdictions.service.js';
import { isUuid } from '../common/validators/uuid.js';
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
import type { CalculationSession } from './entities/calculation-session.entity.js';
import { type ImportedEntry, toImportedEntry } from './imported-entry.js';
import { CalculationSessionsRepository } from './calculation-sessions.repository.js';

const SORT_COLUMNS: Record<SessionSortField, string> = {
  created_at: 's.created_at',
  updated_at: 's.updated_at',
  name: 'lower(s.name)',
  company_name: 'lower(s.company_name)',
};

@Injectable()
export class CalculationSessionsService {
  constructor(
    private readonly sessions: CalculationSessionsRepository,
    private readonly accountJurisdictions: AccountJurisdictionsService,
  ) {}

  async list(userId: string, query: QuerySessionsDto): Promise<SessionListResponseDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    // `sort` may carry a "-" prefix for descending; otherwise `order` decides (created_at defaults to newest first).
    const field = (query.sort ?? 'created_at').replace(/^-/, '') as SessionSortField;
    const descending = query.sort?.startsWith('-') || (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc';
    const { sessions, entryCounts, total } = await this.sessions.page(userId, {
      status: query.status,
      period: query.period,
      search: query.search,
      orderBy: SORT_COLUMNS[field],
      descending,
      offset: (page - 1) * limit,
      limit,
    });
    return {
      data: sessions.map((session) => SessionListItemDto.from(session, entryCounts.get(session.id) ?? 0)),
      pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    };
  }

  async get(userId: string, id: string): Promise<SessionResponseDto> {
    return SessionResponseDto.full(await this.find(userId, id));
  }

  async create(userId: string, body: CreateSessionDto): Promise<SessionResponseDto> {
    const averageMpg = roundTo(body.average_mpg ?? 0, 2);
    const entries = await this.entriesFrom(userId, body.entries ?? [], averageMpg);
    const session = this.sessions.build({
      userId,
      name: body.name ?? '',
      companyName: body.company_name ?? '',
      licenseNumber: body.license_number ?? '',
      taxPeriod: body.tax_period ?? body.period ?? '',
      averageMpg,
      status: body.status ?? 'draft',
      entries,
    });
    // The calculator opens a session per report it autosaves, so completed ones (their work is a final report
    // now) make room, oldest first; only an account holding the cap in unfinished work is refused.
    const saved = await this.sessions.insertWithinCap(session, MAX_SESSIONS_PER_ACCOUNT);
    if (!saved) {
      const error = `An account keeps at most ${MAX_SESSIONS_PER_ACCOUNT} calculation sessions; delete one to start another`;
      throw new ForbiddenException({ error, code: 'SESSION_LIMIT_REACHED', limit: MAX_SESSIONS_PER_ACCOUNT });
    }
    return SessionResponseDto.full(saved);
  }

  async update(userId: string, id: string, body: UpdateSessionDto): Promise<SessionResponseDto> {
    const session = await this.find(userId, id);
    const averageMpg = body.average_mpg === undefined ? session.averageMpg : roundTo(body.average_mpg, 2);
    const entries = body.entries
      ? await this.entriesFrom(userId, body.entries, averageMpg)
      : session.entries.map((entry) => this.recompute(entry, averageMpg));
    await this.sessions.update(userId, id, {
      name: body.name ?? session.name,
      companyName: body.company_name ?? session.companyName,
      licenseNumber: body.license_number ?? session.licenseNumber,
      taxPeriod: body.tax_period ?? body.period ?? session.taxPeriod,
      averageMpg,
      status: body.status ?? session.status,
      entries,
      updatedAt: new Date(),
    });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Calculation session not found' });
    if (!(await this.sessions.delete(userId, id)))
      throw new NotFoundException({ error: 'Calculation session not found' });
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
      session.averageMpg,
    );
    return {
      id: session.id,
      average_mpg: session.averageMpg,
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
    return (await this.find(userId, id)).averageMpg;
  }

  /**
   * Appends imported entries in one statement (two imports at once both land). Refuses to grow a session past
   * MAX_SESSION_ENTRIES; a period is recorded only when the session has none yet.
   */
  async appendEntries(userId: string, id: string, entries: ImportedEntry[], period?: string): Promise<void> {
    await this.find(userId, id);
    const appended = await this.sessions.appendEntries(
      userId,
      id,
      entries,
      (period ?? '').slice(0, 20),
      MAX_SESSION_ENTRIES,
    );
    if (!appended) {
      throw new BadRequestException({
        error: `A calculation session holds at most ${MAX_SESSION_ENTRIES} entries`,
      });
    }
  }

  private async find(userId: string, id: string): Promise<CalculationSession> {
    const session = id && isUuid(id) ? await this.sessions.findOne(userId, id) : null;
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
