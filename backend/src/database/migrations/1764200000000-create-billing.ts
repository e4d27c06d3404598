import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Plans, subscriptions, saved cards, invoices, payment history and the provider bookkeeping behind them. */
export class CreateBilling1764200000000 implements MigrationInterface {
  name = 'CreateBilling1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE plans (
        id varchar(40) PRIMARY KEY,
        name varchar(100) NOT NULL,
        description varchar(500) NOT NULL,
        price numeric(10,2) NOT NULL CHECK (price >= 0),
        currency varchar(3) NOT NULL DEFAULT 'USD',
        "interval" varchar(10) NOT NULL DEFAULT 'month' CHECK ("interval" = 'month'),
        trial_days integer NOT NULL DEFAULT 0 CHECK (trial_days >= 0),
        features jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(features) = 'array'),
        reports_per_month integer CHECK (reports_per_month > 0),
        position integer NOT NULL,
        stripe_price_id varchar(100),
        is_active boolean NOT NULL DEFAULT true
      )`);
    await db.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        plan_id varchar(40) NOT NULL REFERENCES plans(id),
        status varchar(20) NOT NULL CHECK (status IN
          ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired')),
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL CHECK (current_period_end > current_period_start),
        trial_end timestamptz,
        canceled_at timestamptz,
        ended_at timestamptz,
        provider varchar(20) NOT NULL,
        idempotency_key varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One live subscription per account, whatever the application does: a double click or a retry that slips past
    // the service's lock still cannot make a second one.
    await db.query(`
      CREATE UNIQUE INDEX subscriptions_one_live_per_account ON subscriptions (user_id)
      WHERE status IN ('active', 'trialing', 'past_due', 'incomplete')`);
    await db.query(`
      CREATE UNIQUE INDEX subscriptions_idempotency_key ON subscriptions (user_id, idempotency_key)
      WHERE idempotency_key IS NOT NULL`);
    await db.query(`
      CREATE INDEX subscriptions_due ON subscriptions (current_period_end)
      WHERE status IN ('active', 'trialing', 'past_due')`);
    await db.query(`CREATE INDEX subscriptions_user_created ON subscriptions (user_id, created_at DESC)`);

    await db.query(`
      CREATE TABLE payment_methods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider varchar(20) NOT NULL,
        provider_payment_method_id varchar(255) NOT NULL,
        card_brand varchar(20) NOT NULL,
        card_last4 varchar(4) NOT NULL,
        card_exp_month smallint NOT NULL CHECK (card_exp_month BETWEEN 1 AND 12),
        card_exp_year smallint NOT NULL,
        nickname varchar(50),
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, provider_payment_method_id)
      )`);
    // Exactly-one-default is the database's rule: two concurrent "set default" calls cannot leave two defaults.
    await db.query(
      `CREATE UNIQUE INDEX payment_methods_one_default_per_account ON payment_methods (user_id) WHERE is_default`,
    );

    await db.query(`CREATE SEQUENCE invoice_number_seq`);
    await db.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
        provider varchar(20) NOT NULL,
        provider_invoice_id varchar(255),
        invoice_number varchar(30) NOT NULL UNIQUE
          DEFAULT ('INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')),
        status varchar(20) NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'void', 'uncollectible')),
        plan_name varchar(100) NOT NULL,
        amount numeric(10,2) NOT NULL CHECK (amount >= 0),
        currency varchar(3) NOT NULL,
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        description varchar(300) NOT NULL,
        paid_at timestamptz,
        email_sent boolean NOT NULL DEFAULT false,
        email_sent_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    // One invoice per billing period: a renewal run twice (two replicas, a retry) cannot bill a period twice.
    await db.query(`
      CREATE UNIQUE INDEX invoices_one_per_period ON invoices (subscription_id, period_start)
      WHERE subscription_id IS NOT NULL`);
    await db.query(`CREATE INDEX invoices_user_created ON invoices (user_id, created_at DESC)`);

    await db.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
        invoice_id uuid REFERENCES invoices(id) ON DELETE SET NULL,
        payment_method_id uuid REFERENCES payment_methods(id) ON DELETE SET NULL,
        provider varchar(20) NOT NULL,
        provider_payment_id varchar(255),
        amount numeric(10,2) NOT NULL,
        currency varchar(3) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('succeeded', 'failed')),
        failure_message varchar(300),
        description varchar(300) NOT NULL,
        card_brand varchar(20),
        card_last4 varchar(4),
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX payments_user_created ON payments (user_id, created_at DESC)`);

    // The sandbox provider's tokens: what a card number maps to, never the number or the CVC themselves.
    await db.query(`
      CREATE TABLE sandbox_payment_methods (
        id varchar(64) PRIMARY KEY,
        brand varchar(20) NOT NULL,
        last4 varchar(4) NOT NULL,
        exp_month smallint NOT NULL,
        exp_year smallint NOT NULL,
        behaviour varchar(20) NOT NULL CHECK (behaviour IN ('succeed', 'decline', 'fail_charge')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE billing_customers (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider varchar(20) NOT NULL,
        provider_customer_id varchar(255) NOT NULL,
        PRIMARY KEY (user_id, provider)
      )`);
    // Provider webhook events already applied: a replayed event is recognised and has no second effect.
    await db.query(`
      CREATE TABLE billing_events (
        id varchar(255) PRIMARY KEY,
        provider varchar(20) NOT NULL,
        type varchar(100) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'billing_events',
      'billing_customers',
      'sandbox_payment_methods',
      'payments',
      'invoices',
      'payment_methods',
      'subscriptions',
      'plans',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
    await db.query('DROP SEQUENCE invoice_number_seq');
  }
}
