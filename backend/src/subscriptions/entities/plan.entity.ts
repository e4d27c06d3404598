import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** A plan on sale, seeded by a migration. `reportsPerMonth` null means unlimited (see PLANS.md). */
@Entity('plans')
@Check('plans_price_check', 'price >= 0')
@Check('plans_interval_check', `interval = 'month'`)
@Check('plans_trial_days_check', 'trial_days >= 0')
@Check('plans_features_check', `jsonb_typeof(features) = 'array'`)
@Check('plans_reports_per_month_check', 'reports_per_month > 0')
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

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency: string;

  @Column({ type: 'varchar', length: 10, default: 'month' })
  interval: string;

  @Column({ name: 'trial_days', type: 'integer', default: 0 })
  trialDays: number;

  @Column({ type: 'jsonb', default: [] })
  features: string[];

  @Column({ name: 'reports_per_month', type: 'integer', nullable: true })
  reportsPerMonth: number | null;

  @Column({ type: 'integer' })
  position: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;
}
