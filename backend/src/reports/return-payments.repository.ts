import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CreateReturnPaymentDto, ReturnPaymentDto } from './dto/return-payment.dto.js';
import { BALANCE_COLUMNS, BALANCE_JOIN, balanceOf, type RawBalance, type ReturnBalance } from './return-balance.js';
import { isoTimestamp } from '../common/sql/iso-timestamp.js';

/** A report as a payment sees it: whether it is filed, and the key its return's payments are kept under. */
export interface PaymentReport {
  id: string;
  name: string;
  status: string;
  payment_key: string;
}

const PAYMENT_COLUMNS = `id, report_id, kind, to_char(paid_on, 'YYYY-MM-DD') AS paid_on, amount::text AS amount, method,
  reference, ${isoTimestamp('created_at')} AS created_at`;

type RawPayment = Omit<ReturnPaymentDto, 'amount'> & { amount: string };

const toPayment = (raw: RawPayment): ReturnPaymentDto => ({ ...raw, amount: Number(raw.amount) });

/** The statements of return_payments (migration ReturnPayments): the reports feature's table. */
@Injectable()
export class ReturnPaymentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The company's report, or undefined. In a transaction it is locked against a delete (FOR KEY SHARE) until the
   * payment written with it commits, so an entry is never recorded on a report deleted meanwhile.
   */
  async report(db: EntityManager | undefined, userId: string, id: string): Promise<PaymentReport | undefined> {
    const [row] = (await (db ?? this.dataSource.manager).query(
      `SELECT id, name, status, coalesce(return_key, 'report:' || id::text) AS payment_key
         FROM reports WHERE user_id = $1 AND id = $2 ${db ? 'FOR KEY SHARE' : ''}`,
      [userId, id],
    )) as PaymentReport[];
    return row;
  }

  /** The return's entries, oldest first by the day the money moved. */
  async list(userId: string, paymentKey: string): Promise<ReturnPaymentDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${PAYMENT_COLUMNS} FROM return_payments WHERE user_id = $1 AND return_key = $2
        ORDER BY paid_on, created_at, id`,
      [userId, paymentKey],
    )) as RawPayment[];
    return rows.map(toPayment);
  }

  async insert(
    manager: EntityManager,
    userId: string,
    report: PaymentReport,
    body: CreateReturnPaymentDto,
  ): Promise<ReturnPaymentDto> {
    const [row] = (await manager.query(
      `INSERT INTO return_payments (user_id, return_key, report_id, kind, paid_on, amount, method, reference)
       VALUES ($1, $2, $3, $4, $5::date, $6::numeric, $7, $8)
       RETURNING ${PAYMENT_COLUMNS}`,
      [
        userId,
        report.payment_key,
        report.id,
        body.kind,
        body.paid_on,
        // At most two decimals (validated), so toFixed(2) is the exact amount as text: no float reaches the column.
        body.amount.toFixed(2),
        body.method,
        body.reference ?? null,
      ],
    )) as RawPayment[];
    return toPayment(row);
  }

  /** Deletes one entry of the return; the entry as it was, or undefined when the return has no such entry. */
  async delete(
    manager: EntityManager,
    userId: string,
    paymentKey: string,
    id: string,
  ): Promise<ReturnPaymentDto | undefined> {
    const result = (await manager.query(
      `DELETE FROM return_payments WHERE user_id = $1 AND return_key = $2 AND id = $3 RETURNING ${PAYMENT_COLUMNS}`,
      [userId, paymentKey, id],
    )) as unknown[];
    // A DELETE through TypeORM's query() answers [rows, count].
    const rows = (Array.isArray(result[0]) ? result[0] : result) as RawPayment[];
    return rows[0] && toPayment(rows[0]);
  }

  /** One report's balance (return-balance.ts), in the caller's transaction when given. */
  async balance(db: EntityManager | undefined, userId: string, id: string): Promise<ReturnBalance> {
    const [row] = (await (db ?? this.dataSource.manager).query(
      `SELECT ${BALANCE_COLUMNS} FROM reports r ${BALANCE_JOIN} WHERE r.user_id = $1 AND r.id = $2`,
      [userId, id],
    )) as RawBalance[];
    return balanceOf(
      row ?? { balance_amount_due: null, balance_paid: null, balance_balance: null, balance_settlement: null },
    );
  }
}
