import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';
import type { FuelType, RateKind } from '../fuel-types.js';
import type { TaxRateCountry } from '../tax-rate-options.js';

/**
 * One rate of one account's own table: a jurisdiction's rate for one fuel type and kind (base or surcharge) from its
 * effective date, so the rows of one series are its history. Column names are the API's field names.
 */
@Entity('tax_rates')
export class TaxRate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  abbreviation: string;

  /** US dollars per gallon. */
  @Column({ type: 'numeric', precision: 10, scale: 4, transformer: numericTransformer })
  rate: number;

  @Column({ type: 'varchar', length: 6 })
  country: TaxRateCountry;

  @Column({ type: 'varchar', length: 20, default: 'diesel' })
  fuel_type: FuelType;

  @Column({ type: 'varchar', length: 10, default: 'base' })
  kind: RateKind;

  /** The matrix's CAN$/litre figure, kept as exact text; null when the rate was not imported from a matrix. */
  @Column({ type: 'numeric', precision: 10, scale: 4, nullable: true })
  rate_cad_per_litre: string | null;

  @Column({ type: 'boolean', default: true })
  is_active: boolean;

  /** A calendar date, 'YYYY-MM-DD' (no time zone). */
  @Column({ type: 'date' })
  effective_date: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
