import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The annual interest rate IFTA charges on late tax over one period, both ends included (docs/ifta-domain.md, "Late
 * returns"): a period may start inside a year (1 July 2013). A day no period covers has no rate, never a guess.
 */
@Entity('interest_rates')
@Check('interest_rates_annual_rate_check', 'annual_rate >= 0 AND annual_rate <= 0.25')
@Check('interest_rates_period_check', 'effective_to >= effective_from')
export class InterestRate {
  /** 'YYYY-MM-DD'. */
  @PrimaryColumn({ name: 'effective_from', type: 'date', primaryKeyConstraintName: 'interest_rates_pkey' })
  effectiveFrom: string;

  /** 'YYYY-MM-DD', the period's last day. */
  @Column({ name: 'effective_to', type: 'date' })
  effectiveTo: string;

  /** A fraction: 0.0900 is 9%. Kept as text so decimal.js reads it exactly. */
  @Column({ name: 'annual_rate', type: 'numeric', precision: 6, scale: 4 })
  annualRate: string;

  /** Where the figure was published, so it can be checked again. */
  @Column({ type: 'varchar', length: 200 })
  source: string;
}
