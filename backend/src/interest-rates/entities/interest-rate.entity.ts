import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The annual interest rate IFTA charges on late tax for one year (docs/ifta-domain.md, "Late returns"). */
@Entity('interest_rates')
@Check('interest_rates_year_check', 'year >= 2000 AND year <= 2099')
@Check('interest_rates_annual_rate_check', 'annual_rate >= 0 AND annual_rate < 1')
export class InterestRate {
  @PrimaryColumn({ type: 'integer' })
  year: number;

  /** A fraction: 0.0900 is 9%. Kept as text so decimal.js reads it exactly. */
  @Column({ name: 'annual_rate', type: 'numeric', precision: 6, scale: 4 })
  annualRate: string;
}
