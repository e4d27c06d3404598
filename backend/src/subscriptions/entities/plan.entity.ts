import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** A plan on sale, seeded by a migration. `reports_per_month` null means unlimited (see PLANS.md). */
@Entity('plans')
export class Plan {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500 })
  description: string;

  /** US dollars per month. */
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericTransformer })
  price: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 10 })
  interval: string;

  @Column({ type: 'integer' })
  trial_days: number;

  @Column({ type: 'jsonb' })
  features: string[];

  @Column({ type: 'integer', nullable: true })
  reports_per_month: number | null;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'boolean' })
  is_active: boolean;
}
