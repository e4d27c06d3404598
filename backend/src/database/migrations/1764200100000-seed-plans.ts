import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The plans on sale. Limits are documented in src/subscriptions/PLANS.md; keep both in step. */
const PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For owner-operators filing for one or two trucks.',
    price: 29,
    trial_days: 7,
    reports_per_month: 10,
    features: [
      'IFTA calculator for every US state and Canadian province',
      'Up to 10 reports per month',
      'Excel import and export',
      'Tax rate management',
      'E-mail support',
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For growing fleets that file every quarter.',
    price: 59,
    trial_days: 14,
    reports_per_month: 100,
    features: [
      'Everything in Starter',
      'Up to 100 reports per month',
      'Saved calculation sessions',
      'Invoices with PDF receipts',
      'Priority e-mail support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For large fleets and tax services filing for many carriers.',
    price: 129,
    trial_days: 14,
    reports_per_month: null,
    features: ['Everything in Professional', 'Unlimited reports', 'Dedicated account manager', 'Phone support'],
  },
];

export class SeedPlans1764200100000 implements MigrationInterface {
  name = 'SeedPlans1764200100000';

  async up(db: QueryRunner): Promise<void> {
    for (const [position, plan] of PLANS.entries()) {
      await db.query(
        `INSERT INTO plans (id, name, description, price, currency, "interval", trial_days, features,
                            reports_per_month, position)
         VALUES ($1, $2, $3, $4, 'USD', 'month', $5, $6::jsonb, $7, $8)`,
        [
          plan.id,
          plan.name,
          plan.description,
          plan.price,
          plan.trial_days,
          JSON.stringify(plan.features),
          plan.reports_per_month,
          position + 1,
        ],
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM plans WHERE id = ANY($1)`, [PLANS.map((plan) => plan.id)]);
  }
}
