import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { TaxRate } from './entities/tax-rate.entity.js';
import type { FuelType, RateKind } from './fuel-types.js';
import type { MatrixRate } from './matrix/parse-rate-matrix.js';
import type { Quarter } from './quarter.js';

/** A rate in force in a quarter, as AccountTaxRates answers it. */
export interface RateInForce {
  code: string;
  name: string;
  fuel_type: string;
  kind: RateKind;
  /** US dollars per gallon, 4 decimals, exact text. */
  rate: string;
  effective_from: string;
  /**
   * Absent for the quarter's own published rate; 'override': the quarter's own rate as the account changed it;
   * 'provisional': the newest known rate of a jurisdiction the quarter lacks.
   */
  rate_source?: 'official' | 'override' | 'provisional';
}

/** A row an import may change: one per series and date (the active one when there are several). */
export interface ExistingMatrixRow {
  id: string;
  code: string;
  name: string;
  fuel_type: string;
  kind: RateKind;
  effective_from: string;
  rate: string;
  rate_cad_per_litre: string | null;
}

/** The account's active rates of one fuel type dated in the quarter ($1 account, $2 fuel type, $3-$4 the quarter). */
const OWN_RATES = `SELECT upper(t.abbreviation) AS code, t.name, t.fuel_type, t.kind, t.rate::text AS rate,
         to_char(t.effective_date, 'YYYY-MM-DD') AS effective_from, t.changed_by_account AS changed
  FROM tax_rates t
  WHERE t.user_id = $1 AND t.fuel_type = $2 AND t.is_active AND t.effective_date BETWEEN $3 AND $4`;

type SourcedRow = RateInForce & { changed: boolean };

/** A quarter's own rate: published (no rate_source) or, when the account entered or edited it, 'override'. */
const sourced = ({ changed, ...rate }: SourcedRow): RateInForce =>
  changed ? { ...rate, rate_source: 'override' } : rate;

/**
 * The SQL of rate history: rates in force, matrix imports, and the one-active-rate rule of the spec's form.
 * Numeric columns are read as text, so no rate passes through a binary float.
 */
@Injectable()
export class TaxRateHistoryRepository {
  constructor(@InjectRepository(TaxRate) private readonly rates: Repository<TaxRate>) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.rates.manager.transaction(work);
  }

  /**
   * Serialises an account's rate writes (form, bulk, import): the one-active-rate check and the write it guards
   * then see the same table, whatever runs beside them.
   */
  async lockAccount(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('tax_rates:' || $1, 0))`, [userId]);
  }

  /** The account's active rates of one fuel type whose effective date falls in the quarter (see ratesInForce). */
  async inForce(userId: string, quarter: Quarter, fuelType: FuelType): Promise<RateInForce[]> {
    const rows: SourcedRow[] = await this.rates.query(
      `${OWN_RATES} ORDER BY upper(t.abbreviation), t.kind, t.effective_date`,
      [userId, fuelType, quarter.start, quarter.end],
    );
    return rows.map(sourced);
  }

  /**
   * The quarter's own rates (inForce), and, for a quarter after the newest published matrix only (IFTA has not
   * posted its matrix yet), for each jurisdiction with no active rate of this fuel type in the quarter, its rates of
   * the newest earlier quarter that has any (the newest of each kind there), so the quarter is priced, provisionally.
   * A surcharge the newest quarter no longer has is not carried over from an older one. A quarter IFTA has published
   * is never priced with another quarter's rates (neither an older one's nor a later one's): a rate it lacks is a
   * rate to load or type.
   */
  async toApply(
    userId: string,
    quarter: Quarter,
    fuelType: FuelType,
  ): Promise<{ own: RateInForce[]; provisional: RateInForce[] }> {
    // One round trip, as reading the quarter's own rates alone was: a report create reads this once per fuel type.
    const rows: Array<SourcedRow & { provisional: boolean }> = await this.rates.query(
      `WITH own AS (${OWN_RATES}),
       newest_published AS (
         SELECT max(make_date(substr(m.quarter, 4, 4)::int, substr(m.quarter, 2, 1)::int * 3 - 2, 1)) AS start
         FROM official_rate_matrices m WHERE m.status = 'published'
       ),
       candidates AS (
         SELECT t.*, upper(t.abbreviation) AS code_key,
                max(t.effective_date) OVER (PARTITION BY upper(t.abbreviation)) AS newest
         FROM tax_rates t
         WHERE t.user_id = $1 AND t.fuel_type = $2 AND t.is_active AND upper(t.abbreviation) NOT IN (SELECT code FROM own)
           AND t.effective_date < $3 AND $3::date > (SELECT start FROM newest_published)
       ),
       provisional AS (
         SELECT DISTINCT ON (c.code_key, c.kind) c.code_key AS code, c.name, c.fuel_type, c.kind,
                c.rate::text AS rate, to_char(c.effective_date, 'YYYY-MM-DD') AS effective_from, false AS changed
         FROM candidates c
         WHERE c.effective_date >= date_trunc('quarter', c.newest)
         ORDER BY c.code_key, c.kind, c.effective_date DESC, c.created_at DESC
       )
       SELECT *, false AS provisional FROM own
       UNION ALL SELECT *, true AS provisional FROM provisional
       ORDER BY provisional, code, kind, effective_from`,
      [userId, fuelType, quarter.start, quarter.end],
    );
    return {
      own: rows.filter((row) => !row.provisional).map(({ provisional: _p, ...row }) => sourced(row)),
      provisional: rows
        .filter((row) => row.provisional)
        .map(({ provisional: _p, changed: _c, ...row }) => ({ ...row, rate_source: 'provisional' as const })),
    };
  }

  /**
   * Whether `quarter` is a quarter IFTA has published (a later quarter's matrix is in the product) whose own matrix was
   * never loaded: its rates are to be loaded, never guessed from another quarter.
   */
  async matrixNotLoaded(quarter: Quarter): Promise<boolean> {
    const [row]: Array<{ missing: boolean }> = await this.rates.query(
      `SELECT NOT EXISTS (SELECT 1 FROM official_rate_matrices WHERE quarter = $1 AND status = 'published')
          AND EXISTS (SELECT 1 FROM official_rate_matrices m WHERE m.status = 'published'
                        AND substr(m.quarter, 4, 4) || substr(m.quarter, 2, 1) > substr($1, 4, 4) || substr($1, 2, 1))
          AS missing`,
      [quarter.label],
    );
    return row.missing;
  }

  /** The rows an import for these dates would meet, one per (code, fuel type, kind, date), active ones first. */
  async existingOn(manager: EntityManager, userId: string, dates: string[]): Promise<ExistingMatrixRow[]> {
    return manager.query(
      `SELECT DISTINCT ON (upper(t.abbreviation), t.fuel_type, t.kind, t.effective_date)
              t.id, upper(t.abbreviation) AS code, t.name, t.fuel_type, t.kind,
              to_char(t.effective_date, 'YYYY-MM-DD') AS effective_from, t.rate::text AS rate,
              t.rate_cad_per_litre::text AS rate_cad_per_litre
       FROM tax_rates t
       WHERE t.user_id = $1 AND t.effective_date = ANY($2::date[])
       ORDER BY upper(t.abbreviation), t.fuel_type, t.kind, t.effective_date, t.is_active DESC, t.created_at`,
      [userId, dates],
    );
  }

  /** New rows of an import, active, in one statement. */
  async insertMatrixRates(manager: EntityManager, userId: string, rates: MatrixRate[]): Promise<void> {
    if (rates.length === 0) return;
    await manager.query(
      `INSERT INTO tax_rates (user_id, abbreviation, name, country, fuel_type, kind, effective_date, rate,
         rate_cad_per_litre, is_active)
       SELECT $1::uuid, m.code, m.name, m.country, m.fuel_type, m.kind, m.effective_date, m.rate, m.cad, true
       FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::date[],
         $8::numeric[], $9::numeric[]) AS m(code, name, country, fuel_type, kind, effective_date, rate, cad)`,
      [
        userId,
        rates.map((r) => r.code),
        rates.map((r) => r.name),
        rates.map((r) => r.country),
        rates.map((r) => r.fuel_type),
        rates.map((r) => r.kind),
        rates.map((r) => r.effective_from),
        rates.map((r) => r.rate),
        rates.map((r) => r.rate_cad_per_litre),
      ],
    );
  }

  /** New rate figures for rows the import changes (the account's name, country and status stay). */
  async updateMatrixRates(
    manager: EntityManager,
    userId: string,
    changes: Array<{ id: string; rate: string; rate_cad_per_litre: string | null }>,
  ): Promise<void> {
    if (changes.length === 0) return;
    await manager.query(
      `UPDATE tax_rates t SET rate = c.rate, rate_cad_per_litre = c.cad, changed_by_account = false, updated_at = now()
       FROM unnest($2::uuid[], $3::numeric[], $4::numeric[]) AS c(id, rate, cad)
       WHERE t.user_id = $1 AND t.id = c.id`,
      [userId, changes.map((c) => c.id), changes.map((c) => c.rate), changes.map((c) => c.rate_cad_per_litre)],
    );
  }

  /**
   * Whether the series (abbreviation, fuel type, kind) has an active rate other than `exceptId` in the quarter of
   * `effectiveDate`: the form keeps one active rate per abbreviation and quarter. Rates of other quarters are the
   * series' history (a newer quarter's supersedes an older one from its date), so activating 3Q2026's rate again
   * never clashes with 2Q2026's.
   */
  async otherActiveInSeries(
    manager: EntityManager,
    userId: string,
    series: { abbreviation: string; fuelType: string; kind: string; effectiveDate: string },
    exceptId?: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM tax_rates
       WHERE user_id = $1 AND upper(abbreviation) = upper($2) AND fuel_type = $3 AND kind = $4 AND is_active
         AND ($5::uuid IS NULL OR id <> $5::uuid)
         AND date_trunc('quarter', effective_date) = date_trunc('quarter', $6::date)
       LIMIT 1`,
      [userId, series.abbreviation, series.fuelType, series.kind, exceptId ?? null, series.effectiveDate],
    );
    return rows.length > 0;
  }

  /**
   * The abbreviation of a selected inactive rate whose series already has, or would get, another active rate in the
   * same quarter (otherActiveInSeries's rule).
   */
  async bulkActivationConflict(manager: EntityManager, userId: string, ids: string[]): Promise<string | undefined> {
    const rows: Array<{ abbreviation: string }> = await manager.query(
      `SELECT upper(t.abbreviation) AS abbreviation FROM tax_rates t
       WHERE t.user_id = $1 AND t.id = ANY($2::uuid[]) AND NOT t.is_active AND EXISTS (
         SELECT 1 FROM tax_rates o
         WHERE o.user_id = t.user_id AND upper(o.abbreviation) = upper(t.abbreviation) AND o.fuel_type = t.fuel_type
           AND o.kind = t.kind AND o.id <> t.id AND (o.is_active OR o.id = ANY($2::uuid[]))
           AND date_trunc('quarter', o.effective_date) = date_trunc('quarter', t.effective_date))
       ORDER BY upper(t.abbreviation) LIMIT 1`,
      [userId, ids],
    );
    return rows[0]?.abbreviation;
  }
}
