import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { pgPool } from '../database/prepared-statements.js';
import { CustomPlanPool } from '../database/custom-plan-pool.js';
import type { ReportResponseDto } from './dto/report-response.dto.js';
import { ReportJurisdiction } from './entities/report-jurisdiction.entity.js';
import { Report } from './entities/report.entity.js';
import { listReportPage, type ReportPage, type ReportPageQuery } from './report-list-page.js';
import {
  type ComputedReport,
  findReport,
  findReportJson,
  insertReport,
  listReportsJson,
  preparedRunner,
  RECORD_COLUMNS,
} from './report-queries.js';
import { filingValues, reportValues, rowValues } from './report-entity-values.js';
import type { ReportFiling } from './report-filing.service.js';
import { queryStats, type StatsBasis, type StatsRow } from './report-stats.queries.js';
import { applyStoredReport } from './report-totals.js';
import { recordReportUsage } from './report-usage.js';
import { lockAccountReturns, returnKeyOf, settleReturn } from './return-groups.js';
import { type AmendmentDifferenceJson, billReturn } from './return-billing.js';
import { type InterestRates, totalToRemit } from '../ifta/index.js';

/** What settling and billing its return decide of a saved report. */
interface SettledReport {
  amended: boolean;
  amends_id: string | null;
  superseded_by_id: string | null;
  penalty: string | null;
  interest: string | null;
  interest_rate_missing: boolean;
  previous_due: string | null;
  amendment_difference: AmendmentDifferenceJson | null;
  amendment_number: number | null;
  return_of_record: boolean;
}

/** The saved report's answer with its return's settling: place in the return, and what an amendment bills. */
function withSettled(saved: ReportResponseDto, settled: SettledReport): ReportResponseDto {
  const money = (value: string | null) => (value === null ? null : Number(value));
  return {
    ...saved,
    amended: settled.amended,
    amends_id: settled.amends_id,
    superseded_by_id: settled.superseded_by_id,
    superseded: settled.superseded_by_id !== null,
    penalty: money(settled.penalty),
    interest: money(settled.interest),
    interest_rate_missing: settled.interest_rate_missing,
    total_to_remit: Number(totalToRemit(saved.totals.tax_due, settled.penalty, settled.interest, settled.previous_due)),
    difference: settled.amendment_difference,
    amendment_number: settled.amendment_number,
    return_of_record: settled.return_of_record,
  };
}

/** The filing figures of a report, computed from the report and its lines while both are locked. */
type FilingUpdate = (report: Report, rows: ReportJurisdiction[]) => Promise<ReportFiling>;

/**
 * The only code that touches the reports feature's tables (reports, report_jurisdictions, their kept totals and
 * the usage meter): every statement is here or in the statement modules it calls (report-queries.ts,
 * report-list-page.ts, report-stats.queries.ts, report-totals.ts, report-usage.ts). Each write keeps the kept
 * totals and the usage meter in its own transaction, so they never disagree with the reports.
 */
@Injectable()
export class ReportsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    @InjectRepository(ReportJurisdiction) private readonly rows: Repository<ReportJurisdiction>,
    private readonly customPlans: CustomPlanPool,
  ) {}

  /** For named (prepared) statements, which TypeORM's query() cannot send. */
  private get pool(): Pool {
    return pgPool(this.dataSource);
  }

  /** The spec's plain list: the newest reports with their lines, as JSON text. */
  listJson(userId: string, limit: number, offset: number): Promise<string> {
    return listReportsJson(this.dataSource.manager, userId, limit, offset);
  }

  page(userId: string, query: ReportPageQuery): Promise<ReportPage> {
    return listReportPage(this.pool, userId, query, this.customPlans.get());
  }

  findJson(userId: string, id: string): Promise<string | undefined> {
    return findReportJson(this.pool, userId, id);
  }

  findResponse(userId: string, id: string): Promise<ReportResponseDto | undefined> {
    return findReport(this.pool, userId, id);
  }

  async find(userId: string, id: string): Promise<Report | null> {
    return this.reports.findOneBy({ id, userId });
  }

  /**
   * Draft official reports priced at least in part with provisional rates (some schedule names the quarter its
   * rates were borrowed from), every account's: those a newly published matrix reprices.
   */
  provisionalDrafts(): Promise<Array<{ id: string; user_id: string; period: string }>> {
    return this.reports.query(
      `SELECT r.id, r.user_id, r.period FROM reports r
       WHERE r.status = 'draft' AND r.calculation_mode = 'official'
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(r.schedules) s WHERE s->>'rates_provisional_from' IS NOT NULL)
       ORDER BY r.user_id, r.id`,
    );
  }

  rowsOf(userId: string, reportId: string): Promise<ReportJurisdiction[]> {
    return this.rows.find({ where: { userId, reportId }, order: { position: 'ASC' } });
  }

  /**
   * One statement, atomic on its own: the report, its lines, the kept totals and its line in the usage meter land
   * together, or nothing when the month is full under `cap` (PLANS.md, Usage limit): then undefined.
   */
  async insert(
    userId: string,
    computed: ComputedReport,
    now: Date,
    cap: number | null,
    annualRates: InterestRates,
  ): Promise<ReportResponseDto | undefined> {
    const key = returnKeyOf(computed.report, computed.rows);
    if (key === null) return insertReport(preparedRunner(this.dataSource), userId, computed, now, cap, null);
    // A report of a return: the insert and the settling of its return (amendment, counted report) commit together.
    return this.dataSource.transaction(async (manager) => {
      await lockAccountReturns(manager, userId);
      const saved = await insertReport((text, values) => manager.query(text, values), userId, computed, now, cap, key);
      if (!saved) return undefined;
      await settleReturn(manager, userId, key);
      await billReturn(manager, userId, key, annualRates);
      // Its place in the return and, for an amendment, what it bills: read back from the settled row.
      const [settled] = (await manager.query(
        `SELECT amended, amends_id, superseded_by_id, penalty::text AS penalty, interest::text AS interest,
                interest_rate_missing, previous_due::text AS previous_due, amendment_difference,
                ${RECORD_COLUMNS}
           FROM reports r WHERE user_id = $1 AND id = $2`,
        [userId, saved.id],
      )) as SettledReport[];
      return withSettled(saved, settled);
    });
  }

  /**
   * Replaces a report's figures and lines. The report is locked first, so two saves (or a save racing a
   * finalisation) cannot interleave; `assertEditable` sees it as locked. A rewrite is metered like a creation, once
   * per report and month, and counted before anything is written: 'full' when it would count and the month has no
   * room under `cap` (null: no cap), and nothing changes.
   */
  replace(
    userId: string,
    id: string,
    computed: ComputedReport,
    now: Date,
    cap: number | null,
    assertEditable: (locked: Report) => void,
    annualRates: InterestRates,
    also?: (manager: EntityManager) => Promise<void>,
  ): Promise<'replaced' | 'missing' | 'full'> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccountReturns(manager, userId);
      const locked = await this.lock(manager, userId, id);
      if (!locked) return 'missing';
      assertEditable(locked);
      if (!(await recordReportUsage(manager, userId, id, now, cap))) return 'full';
      const key = returnKeyOf(computed.report, computed.rows);
      // The kept totals lose the report as stored and gain it as saved, in this transaction (report-totals.ts).
      await applyStoredReport(manager, userId, id, -1);
      await manager.update(
        Report,
        { id, userId },
        {
          ...reportValues(computed),
          returnKey: key,
          // A report alone is always counted; one of a return keeps its flag until its return is settled below.
          counted: key === null ? true : locked.counted,
          finalisedAt: computed.report.status === 'final' ? (locked.finalisedAt ?? new Date()) : null,
          updatedAt: new Date(),
        },
      );
      await manager.delete(ReportJurisdiction, { reportId: id, userId });
      await manager.insert(
        ReportJurisdiction,
        computed.rows.map((row) => ({ ...rowValues(row), reportId: id, userId })),
      );
      await applyStoredReport(manager, userId, id, 1);
      for (const changed of new Set([locked.returnKey, key])) {
        if (changed === null) continue;
        await settleReturn(manager, userId, changed);
        await billReturn(manager, userId, changed, annualRates);
      }
      if (also) await also(manager);
      return 'replaced';
    });
  }

  /**
   * Rewrites a locked report's filing figures; false when it does not exist. A final of a return is billed again
   * with its return: an amendment's charges run to its own filing day, and the penalty an earlier final bore decides
   * the minimum of those after it.
   */
  updateFiling(userId: string, id: string, figuresFor: FilingUpdate, annualRates: InterestRates): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccountReturns(manager, userId);
      const report = await this.lock(manager, userId, id);
      if (!report) return false;
      const rows = await manager.find(ReportJurisdiction, { where: { userId, reportId: id } });
      await manager.update(
        Report,
        { id, userId },
        { ...filingValues(await figuresFor(report, rows)), updatedAt: new Date() },
      );
      if (report.returnKey !== null) await billReturn(manager, userId, report.returnKey, annualRates);
      return true;
    });
  }

  /**
   * Deletes a report (its lines follow by foreign key); false when it does not exist. `also` runs in the same
   * transaction with the report's name and its lines as they were, so the audit trail's event of the delete can keep
   * what the report held.
   */
  delete(
    userId: string,
    id: string,
    annualRates: InterestRates,
    also?: (manager: EntityManager, name: string, lines: ReportJurisdiction[]) => Promise<void>,
  ): Promise<'deleted' | 'missing' | 'voided' | { returnOfRecord: string }> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccountReturns(manager, userId);
      // Locked first, so the totals below subtract the report as committed, not a version an update is replacing.
      const locked = (await manager.query(
        `SELECT id, name, return_key, tax_period, voided_at IS NOT NULL AS voided,
                status = 'final' AND return_key IS NOT NULL AND superseded_by_id IS NULL AND voided_at IS NULL
                  AS return_of_record
           FROM reports WHERE user_id = $1 AND id = $2 FOR UPDATE`,
        [userId, id],
      )) as Array<{
        id: string;
        name: string;
        return_key: string | null;
        tax_period: string;
        voided: boolean;
        return_of_record: boolean;
      }>;
      if (locked.length === 0) return 'missing';
      // A void keeps the return with its reason: deleting it would undo what the void was for.
      if (locked[0].voided) return 'voided';
      // The return as filed is never erased: it is voided, with a reason, and stays on record.
      if (locked[0].return_of_record) return { returnOfRecord: locked[0].tax_period };
      const lines = also
        ? await manager.find(ReportJurisdiction, { where: { userId, reportId: id }, order: { position: 'ASC' } })
        : [];
      await applyStoredReport(manager, userId, id, -1);
      await manager.query('DELETE FROM reports WHERE user_id = $1 AND id = $2', [userId, id]);
      // The return's earlier final, or its latest draft, takes the deleted report's place.
      if (locked[0].return_key !== null) {
        await settleReturn(manager, userId, locked[0].return_key);
        await billReturn(manager, userId, locked[0].return_key, annualRates);
      }
      if (also) await also(manager, locked[0].name, lines);
      return 'deleted';
    });
  }

  /**
   * Voids a return of record: kept, with when and why, and out of its return's chain, so the final before it is the
   * return of record again (or its latest draft is counted). 'missing' for no such report, 'not_record' for a report
   * that is not a return of record (a draft, a superseded or voided final, a worksheet). `also` runs in the same
   * transaction with the report's name, so the audit trail's event commits with the void.
   */
  void(
    userId: string,
    id: string,
    reason: string,
    annualRates: InterestRates,
    also: (manager: EntityManager, name: string) => Promise<void>,
  ): Promise<'voided' | 'missing' | 'not_record'> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccountReturns(manager, userId);
      const [locked] = (await manager.query(
        `SELECT name, return_key,
                status = 'final' AND return_key IS NOT NULL AND superseded_by_id IS NULL AND voided_at IS NULL
                  AS return_of_record
           FROM reports WHERE user_id = $1 AND id = $2 FOR UPDATE`,
        [userId, id],
      )) as Array<{ name: string; return_key: string | null; return_of_record: boolean }>;
      if (!locked) return 'missing';
      if (!locked.return_of_record || locked.return_key === null) return 'not_record';
      await manager.query(
        'UPDATE reports SET voided_at = now(), void_reason = $3, updated_at = now() WHERE user_id = $1 AND id = $2',
        [userId, id, reason],
      );
      await settleReturn(manager, userId, locked.return_key);
      await billReturn(manager, userId, locked.return_key, annualRates);
      await also(manager, locked.name);
      return 'voided';
    });
  }

  /** Whether the report is an amended return, read in the caller's transaction (after its return was settled). */
  async amendedIn(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const [row] = (await manager.query('SELECT amended FROM reports WHERE user_id = $1 AND id = $2', [
      userId,
      id,
    ])) as Array<{
      amended: boolean;
    }>;
    return row?.amended === true;
  }

  stats(userId: string, basis: StatsBasis): Promise<StatsRow> {
    return queryStats(this.pool, userId, basis);
  }

  /**
   * Per due date and company (its name folded as a return's key folds it): whether any final exists that is not
   * voided, and whether the return as filed (the final no later final supersedes) is amended and was filed on time
   * (ReportFilingStatesService).
   */
  filingStates(
    userId: string,
    dueDates: string[],
  ): Promise<Array<{ due_date: string; company_name: string; filed: boolean; amended: boolean; on_time: boolean }>> {
    return this.dataSource.query(
      `SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date, min(btrim(company_name)) AS company_name,
              bool_or(status = 'final' AND voided_at IS NULL) AS filed,
              coalesce(bool_or(amended) FILTER (WHERE status = 'final' AND superseded_by_id IS NULL
                                                 AND voided_at IS NULL), false) AS amended,
              coalesce(bool_or(filed_at IS NULL OR filed_at <= due_date)
                         FILTER (WHERE status = 'final' AND superseded_by_id IS NULL AND voided_at IS NULL), false)
                AS on_time
         FROM reports WHERE user_id = $1 AND due_date = ANY($2::date[])
        GROUP BY due_date, lower(regexp_replace(btrim(company_name), '\\s+', ' ', 'g'))
        ORDER BY 2`,
      [userId, dueDates],
    );
  }

  /**
   * The amounts due per jurisdiction (tax plus surcharge, netted over fuel types) of the latest draft of each company
   * with no final for the return due on `dueDate`.
   */
  async unfiledAmountsDue(userId: string, dueDate: string): Promise<Array<number | string>> {
    const rows = (await this.dataSource.query(
      `WITH companies AS (
         SELECT lower(regexp_replace(btrim(company_name), '\\s+', ' ', 'g')) AS company,
                bool_or(status = 'final' AND voided_at IS NULL) AS filed
           FROM reports WHERE user_id = $1 AND due_date = $2::date GROUP BY 1
       ), drafts AS (
         SELECT DISTINCT ON (lower(regexp_replace(btrim(r.company_name), '\\s+', ' ', 'g'))) r.id
           FROM reports r
          WHERE r.user_id = $1 AND r.due_date = $2::date AND r.status = 'draft'
            AND lower(regexp_replace(btrim(r.company_name), '\\s+', ' ', 'g'))
                IN (SELECT company FROM companies WHERE NOT filed)
          ORDER BY lower(regexp_replace(btrim(r.company_name), '\\s+', ' ', 'g')), r.created_at DESC, r.id DESC
       )
       SELECT j.report_id, j.code, sum(j.tax_due + j.surcharge_due)::text AS amount
         FROM report_jurisdictions j
        WHERE j.user_id = $1 AND j.report_id IN (SELECT id FROM drafts)
        GROUP BY j.report_id, j.code`,
      [userId, dueDate],
    )) as Array<{ amount: string }>;
    return rows.map((row) => row.amount);
  }

  private lock(manager: EntityManager, userId: string, id: string): Promise<Report | null> {
    return manager.findOne(Report, { where: { id, userId }, lock: { mode: 'pessimistic_write' } });
  }
}
