import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { FuelType, RateKind } from '../../fuel-types.js';
import type { TaxRateCountry } from '../../tax-rate-options.js';
import { OfficialRateMatrix } from './official-rate-matrix.entity.js';

/** One rate of an official matrix version: a jurisdiction's rate for one fuel type and kind from a date. */
@Entity('official_rates')
@Index('official_rates_matrix', ['matrixId'])
export class OfficialRate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'matrix_id', type: 'uuid' })
  matrixId: string;

  @ManyToOne(() => OfficialRateMatrix, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'matrix_id', foreignKeyConstraintName: 'official_rates_matrix_id_fkey' })
  matrix?: Relation<OfficialRateMatrix>;

  @Column({ type: 'varchar', length: 10 })
  abbreviation: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 6 })
  country: TaxRateCountry;

  @Column({ name: 'fuel_type', type: 'varchar', length: 20 })
  fuelType: FuelType;

  @Column({ type: 'varchar', length: 10 })
  kind: RateKind;

  /** US dollars per gallon, exact text. */
  @Column({ type: 'numeric', precision: 10, scale: 4 })
  rate: string;

  @Column({ name: 'rate_cad_per_litre', type: 'numeric', precision: 10, scale: 4, nullable: true })
  rateCadPerLitre: string | null;

  @Column({ name: 'effective_date', type: 'date' })
  effectiveDate: string;
}
