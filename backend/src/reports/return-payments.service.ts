import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log.js';
import { isUuid } from '../common/validators/uuid.js';
import type {
  CreateReturnPaymentDto,
  DeleteReturnPaymentResponseDto,
  PaymentKind,
  ReturnPaymentDto,
} from './dto/return-payment.dto.js';
import { ReportFilingService } from './report-filing.service.js';
import { type PaymentReport, ReturnPaymentsRepository } from './return-payments.repository.js';

const KIND_WORDS: Record<PaymentKind, string> = {
  payment: 'a payment',
  refund: 'a refund',
  credit_carried_forward: 'a credit carried forward',
};

/** What an entry was, for the audit trail's before/after. */
const entryValues = (payment: ReturnPaymentDto) => ({
  kind: payment.kind,
  paid_on: payment.paid_on,
  amount: payment.amount,
  method: payment.method,
  reference: payment.reference,
});

/**
 * Payments, refunds and credits carried forward of a filed return (return-balance.ts for what they make of its
 * balance). They are recorded through a final report of the return and belong to the return, so every final of it
 * lists and counts them; a draft is not filed and takes none.
 */
@Injectable()
export class ReturnPaymentsService {
  constructor(
    private readonly repository: ReturnPaymentsRepository,
    private readonly filing: ReportFilingService,
    private readonly audit: AuditLog,
  ) {}

  /** The return's entries; none for a draft. */
  async list(userId: string, reportId: string): Promise<ReturnPaymentDto[]> {
    const report = await this.found(await this.repository.report(undefined, userId, this.reportIdOf(reportId)));
    return report.status === 'final' ? this.repository.list(userId, report.payment_key) : [];
  }

  async record(userId: string, reportId: string, body: CreateReturnPaymentDto): Promise<ReturnPaymentDto> {
    const id = this.reportIdOf(reportId);
    const today = await this.filing.today(userId);
    return this.repository.transaction(async (manager) => {
      const report = this.filed(await this.found(await this.repository.report(manager, userId, id)));
      // After the report's checks, so a draft or a missing report is told so whatever day the body names.
      if (body.paid_on > today) {
        this.refuse('paid_on', `paid_on ${body.paid_on} is after today (${today})`);
      }
      const payment = await this.repository.insert(manager, userId, report, body);
      await this.audit.record(manager, {
        companyId: userId,
        action: 'payment_record',
        entity: 'report',
        entityId: report.id,
        summary: `Recorded ${KIND_WORDS[payment.kind]} of $${payment.amount.toFixed(2)} on report ${report.name}`,
        changes: { [`payment ${payment.id}`]: { before: null, after: entryValues(payment) } },
      });
      return payment;
    });
  }

  async remove(userId: string, reportId: string, paymentId: string): Promise<DeleteReturnPaymentResponseDto> {
    const id = this.reportIdOf(reportId);
    if (!isUuid(paymentId)) throw new NotFoundException({ error: 'Payment not found' });
    return this.repository.transaction(async (manager) => {
      const report = this.filed(await this.found(await this.repository.report(manager, userId, id)));
      const deleted = await this.repository.delete(manager, userId, report.payment_key, paymentId);
      if (!deleted) throw new NotFoundException({ error: 'Payment not found' });
      await this.audit.record(manager, {
        companyId: userId,
        action: 'payment_delete',
        entity: 'report',
        entityId: report.id,
        summary: `Deleted ${KIND_WORDS[deleted.kind]} of $${deleted.amount.toFixed(2)} from report ${report.name}`,
        changes: { [`payment ${deleted.id}`]: { before: entryValues(deleted), after: null } },
      });
      return { id: deleted.id, deleted: true };
    });
  }

  private reportIdOf(id: string): string {
    if (!isUuid(id)) throw new NotFoundException({ error: 'Report not found' });
    return id;
  }

  private found(report: PaymentReport | undefined): PaymentReport {
    if (!report) throw new NotFoundException({ error: 'Report not found' });
    return report;
  }

  /** Money moves on a filed return only: a draft owes nothing yet, and its figures may still change. */
  private filed(report: PaymentReport): PaymentReport {
    if (report.status !== 'final') {
      this.refuse('status', 'Payments are recorded on a final report; this report is a draft');
    }
    return report;
  }

  private refuse(field: string, message: string): never {
    throw new BadRequestException({ error: message, message, fields: { [field]: message } });
  }
}
