/**
 * What a filed return owes and what was paid on it (migration ReturnPayments), in SQL over a row `r` of `reports`.
 * Money stays numeric in PostgreSQL end to end, so the balance is exact to the cent.
 *
 * - amount_due: what the return owes in total as of this final: the sum of total_to_remit over the return's finals
 *   up to it in the order they became final (the original's remit plus each amendment's difference, a decrease
 *   being negative), a voided final's left out. For the return of record that is the whole return.
 * - paid: the return's payments less its refunds and the credits carried forward to a later return, whichever final
 *   they were recorded on: the money belongs to the return.
 * - balance: amount_due - paid; negative is a credit owed to the carrier.
 * - settlement: how the balance stands (SETTLEMENTS). A return that owes nothing and has nothing moved is settled,
 *   'paid', rather than 'unpaid': there is nothing left to pay.
 * All four are null for a draft, which is not filed and so owes nothing yet.
 */
export const SETTLEMENTS = [
  'unpaid',
  'partly_paid',
  'paid',
  'credit_due',
  'credit_refunded',
  'credit_carried_forward',
] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

export interface ReturnBalance {
  amount_due: number | null;
  paid: number | null;
  balance: number | null;
  settlement: Settlement | null;
}

export const NO_BALANCE: ReturnBalance = { amount_due: null, paid: null, balance: null, settlement: null };

/**
 * What a final of `alias` remits, in SQL: its tax due less what the final it amends was due, plus penalty and interest
 * (numeric, exact, as totalToRemit computes it in TypeScript).
 */
export const remitSql = (alias: string) =>
  `(${alias}.tax_due - coalesce(${alias}.previous_due, 0) + coalesce(${alias}.penalty, 0) + coalesce(${alias}.interest, 0))`;

/** The key payments of a report's return are kept under: its return's, or its own for a final that stands alone. */
export const PAYMENT_KEY_OF = (r: string) => `coalesce(${r}.return_key, 'report:' || ${r}.id::text)`;

/**
 * A LEFT JOIN LATERAL adding `balance_amount_due`, `balance_paid`, `balance_balance` and `balance_settlement` (as
 * `b`) to a query over `reports r`, or a row with its id, user_id, status, return_key, finalised_at, tax_due,
 * previous_due, penalty and interest; null for a draft. A lateral join is not put off past an ORDER BY ... LIMIT as a
 * column's subquery is, so a list joins it to the rows it has already limited.
 */
export const BALANCE_JOIN = `LEFT JOIN LATERAL (
    SELECT d.amount_due, p.paid, d.amount_due - p.paid AS balance,
           CASE WHEN d.amount_due - p.paid > 0 THEN CASE WHEN p.paid > 0 THEN 'partly_paid' ELSE 'unpaid' END
                WHEN d.amount_due - p.paid < 0 THEN 'credit_due'
                WHEN d.amount_due >= 0 THEN 'paid'
                WHEN p.carried >= p.refunded THEN 'credit_carried_forward'
                ELSE 'credit_refunded' END AS settlement
      FROM (SELECT CASE WHEN r.return_key IS NULL
                     THEN ${remitSql('r')}::numeric(17,2)
                     -- The return's finals through its index (user_id, return_key); an OR with the report's own id
                     -- outside the key would read every report of the company for each report listed.
                     ELSE (SELECT coalesce(sum(${remitSql('f')}), 0)::numeric(17,2)
                             FROM reports f
                            WHERE f.user_id = r.user_id AND f.return_key = r.return_key AND f.status = 'final'
                              AND (f.id = r.id OR ((f.finalised_at, f.id) < (r.finalised_at, r.id)
                                                   AND f.voided_at IS NULL)))
                     END AS amount_due
           ) d,
           (SELECT coalesce(sum(CASE WHEN x.kind = 'payment' THEN x.amount ELSE -x.amount END), 0)::numeric(17,2) AS paid,
                   coalesce(sum(x.amount) FILTER (WHERE x.kind = 'refund'), 0) AS refunded,
                   coalesce(sum(x.amount) FILTER (WHERE x.kind = 'credit_carried_forward'), 0) AS carried
              FROM return_payments x
             WHERE x.user_id = r.user_id AND x.return_key = ${PAYMENT_KEY_OF('r')}) p
     WHERE r.status = 'final'
  ) b ON true`;

/** The columns BALANCE_JOIN adds, named for REPORT_JSON and the raw row. */
export const BALANCE_COLUMNS = `b.amount_due AS balance_amount_due, b.paid AS balance_paid, b.balance AS balance_balance,
  b.settlement AS balance_settlement`;

/** The balance fields of the report JSON, over a row that selected BALANCE_COLUMNS as `r`. */
export const BALANCE_JSON_FIELDS = `'amount_due', r.balance_amount_due, 'paid', r.balance_paid,
  'balance', r.balance_balance, 'settlement', r.balance_settlement`;

export interface RawBalance {
  balance_amount_due: string | null;
  balance_paid: string | null;
  balance_balance: string | null;
  balance_settlement: Settlement | null;
}

export function balanceOf(raw: RawBalance): ReturnBalance {
  const money = (value: string | null) => (value === null ? null : Number(value));
  return {
    amount_due: money(raw.balance_amount_due),
    paid: money(raw.balance_paid),
    balance: money(raw.balance_balance),
    settlement: raw.balance_settlement,
  };
}
