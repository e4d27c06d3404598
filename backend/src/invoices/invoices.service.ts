import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { Clock } from '../common/clock/clock.js';
import { isUuid } from '../common/validators/uuid.js';
import { asBuffer, fileJob } from '../common/workers/file-job.js';
import { WorkerPoolService } from '../common/workers/worker-pool.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Outbox } from '../mail/outbox.js';
import { AccountProfile, type AccountWriting } from '../users/account-profile.service.js';
import { type PageQueryDto } from '../common/dto/page-query.dto.js';
import { INVOICE_PAGE_SIZE } from './dto/invoice-query.dto.js';
import { type InvoicePageDto, InvoiceResponseDto, type ResendInvoiceResponseDto } from './dto/invoice-response.dto.js';
import { Invoice, type InvoiceStatus } from './entities/invoice.entity.js';
import { invoiceHtml, type InvoiceParty, invoicePdfLines } from './invoice-document.js';
import { invoiceMessage } from './invoice-message.js';
import { invoiceLink, type InvoiceLinkKind, verifyInvoiceLink } from './invoice-links.js';
import type { InvoicePdf } from './invoice-pdf.js';

const INVOICE_NOT_FOUND = 'Invoice not found';

/** Rendering runs on the worker pool with the other file jobs (docs/architecture.md, "Work that must not block"). */
const RENDER_PDF = fileJob<InvoicePdf, Uint8Array>(new URL('./invoice-pdf.js', import.meta.url), 'invoicePdfBytes');

export interface NewInvoice {
  userId: string;
  subscriptionId: string;
  provider: string;
  status: InvoiceStatus;
  planName: string;
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
}

@Injectable()
export class InvoicesService implements OnModuleDestroy {
  private readonly logger = new Logger('Invoices');
  /** Invoice e-mails being written after their payment (emailAfterPayment), which nothing else awaits. */
  private readonly writing = new Set<Promise<void>>();

  constructor(
    @InjectRepository(Invoice) private readonly invoices: Repository<Invoice>,
    private readonly accounts: AccountProfile,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly workers: WorkerPoolService,
  ) {}

  /** Written in the caller's transaction, so an invoice exists exactly when its charge does. */
  async create(manager: EntityManager, input: NewInvoice): Promise<Invoice> {
    const row = manager.create(Invoice, {
      userId: input.userId,
      subscriptionId: input.subscriptionId,
      provider: input.provider,
      providerInvoiceId: null,
      status: input.status,
      planName: input.planName,
      amount: input.amount,
      currency: input.currency,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      description: `${input.planName} plan, monthly subscription`,
      paidAt: input.paidAt,
      createdAt: this.clock.now(),
    });
    await manager.insert(Invoice, row);
    return manager.findOneByOrFail(Invoice, { id: row.id });
  }

  /** Marks an invoice paid in the caller's transaction (a charge that went through). */
  async markPaid(manager: EntityManager, invoiceId: string, paidAt: Date): Promise<void> {
    await manager.update(Invoice, { id: invoiceId }, { status: 'paid', paidAt: paidAt });
  }

  /** Closes a subscription's open invoices: void (canceled while past due) or uncollectible (grace expired). */
  async closeOpen(manager: EntityManager, subscriptionId: string, status: 'void' | 'uncollectible'): Promise<void> {
    await manager.update(Invoice, { subscriptionId, status: 'open' }, { status });
  }

  /** The account's invoice `invoiceId`, read in the caller's transaction, or null. */
  ofAccount(manager: EntityManager, userId: string, invoiceId: string): Promise<Invoice | null> {
    return manager.findOneBy(Invoice, { id: invoiceId, userId });
  }

  /**
   * The open invoice of a subscription's period, re-priced for the plan now chosen (a past_due bill paid with
   * another plan), or null when the period has none.
   */
  async repriceOpen(
    manager: EntityManager,
    subscriptionId: string,
    periodStart: Date,
    plan: { name: string; price: number },
  ): Promise<Invoice | null> {
    const open = await manager.findOneBy(Invoice, {
      subscriptionId: subscriptionId,
      periodStart: periodStart,
      status: 'open',
    });
    if (!open) return null;
    await manager.update(
      Invoice,
      { id: open.id },
      { planName: plan.name, amount: plan.price, description: `${plan.name} plan, monthly subscription` },
    );
    return manager.findOneByOrFail(Invoice, { id: open.id });
  }

  /** Which of these invoices of the account are still open. */
  async openAmong(userId: string, invoiceIds: string[]): Promise<Set<string>> {
    if (invoiceIds.length === 0) return new Set();
    const rows = await this.invoices.find({
      select: { id: true },
      where: { userId, id: In(invoiceIds), status: 'open' },
    });
    return new Set(rows.map((row) => row.id));
  }

  async list(userId: string, query: PageQueryDto): Promise<InvoicePageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? INVOICE_PAGE_SIZE;
    const [rows, total] = await this.invoices.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', invoiceNumber: 'DESC' },
      take: limit,
      skip: (page - 1) * limit,
    });
    const invoices = rows.map((row) => this.toDto(row));
    return {
      invoices,
      page,
      limit,
      total,
      total_pages: Math.max(1, Math.ceil(total / limit)),
      data: invoices,
      pagination: { total, totalPages: Math.ceil(total / limit), page, limit },
    };
  }

  async get(userId: string, invoiceId: string): Promise<InvoiceResponseDto> {
    return this.toDto(await this.find(userId, invoiceId));
  }

  async resend(userId: string, invoiceId: string): Promise<ResendInvoiceResponseDto> {
    const invoice = await this.find(userId, invoiceId);
    // Each press of Send is an e-mail of its own.
    const sent = await this.email(invoice, `invoice-resend:${invoice.id}:${randomUUID()}`);
    await this.outbox.deliverNow();
    return { success: true, invoice: this.toDto(sent) };
  }

  /**
   * The e-mail that goes out when a payment succeeds. Called after the payment's transaction has committed; its key
   * is the invoice's, so a payment reported twice (the renewal and the provider's webhook) is one e-mail. A failure
   * to enqueue is logged and leaves email_sent false (Send in Settings retries); it never undoes the payment.
   */
  emailAfterPayment(invoiceId: string): Promise<void> {
    const writing = this.writeEmailAfterPayment(invoiceId).finally(() => this.writing.delete(writing));
    this.writing.add(writing);
    return writing;
  }

  /**
   * A replica stopping (a rolling restart) lets the invoice e-mails it is writing finish first: stopped halfway
   * (its PDF's thread ended, its database closed), the e-mail was lost until someone pressed Send in Settings.
   */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.writing]);
  }

  private async writeEmailAfterPayment(invoiceId: string): Promise<void> {
    try {
      const invoice = await this.invoices.findOneByOrFail({ id: invoiceId });
      await this.email(invoice, `invoice-paid:${invoice.id}`);
      this.outbox.deliverSoon();
    } catch (error) {
      this.logger.error(`invoice e-mail failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async pdf(userId: string, invoiceId: string): Promise<{ invoice: Invoice; pdf: Buffer }> {
    const invoice = await this.find(userId, invoiceId);
    const [party, writing] = await Promise.all([this.party(userId), this.accounts.writing(userId)]);
    return { invoice, pdf: await this.renderPdf(invoice, party, writing) };
  }

  /** The signed-link routes: a bad or expired signature is simply "not found". */
  async bySignedLink(kind: InvoiceLinkKind, invoiceId: string, expires?: string, signature?: string) {
    const ok =
      isUuid(invoiceId) &&
      verifyInvoiceLink(this.config.jwtSecret, kind, invoiceId, expires, signature, this.clock.now());
    const invoice = ok ? await this.invoices.findOneBy({ id: invoiceId }) : null;
    if (!invoice) throw new NotFoundException({ error: INVOICE_NOT_FOUND });
    return invoice;
  }

  async signedPdf(invoiceId: string, expires?: string, signature?: string) {
    const invoice = await this.bySignedLink('pdf', invoiceId, expires, signature);
    return this.pdf(invoice.userId, invoice.id);
  }

  async signedPage(invoiceId: string, expires?: string, signature?: string): Promise<string> {
    const invoice = await this.bySignedLink('view', invoiceId, expires, signature);
    const pdfUrl = invoiceLink(this.config.jwtSecret, 'pdf', invoice.id, this.clock.now());
    const [party, writing] = await Promise.all([this.party(invoice.userId), this.accounts.writing(invoice.userId)]);
    return invoiceHtml(invoice, party, writing, pdfUrl);
  }

  toDto(invoice: Invoice): InvoiceResponseDto {
    const now = this.clock.now();
    return InvoiceResponseDto.from(invoice, {
      view: invoiceLink(this.config.jwtSecret, 'view', invoice.id, now),
      pdf: invoiceLink(this.config.jwtSecret, 'pdf', invoice.id, now),
    });
  }

  /**
   * Puts the invoice's e-mail in the outbox and marks the invoice e-mailed in one transaction: email_sent means the
   * outbox holds it, and the outbox delivers it (retrying) or gives it up with an error in the log.
   */
  private async email(invoice: Invoice, key: string): Promise<Invoice> {
    const [party, writing] = await Promise.all([this.party(invoice.userId), this.accounts.writing(invoice.userId)]);
    const pdf = await this.renderPdf(invoice, party, writing);
    const sentAt = this.clock.now();
    await this.invoices.manager.transaction(async (manager) => {
      await this.outbox.enqueue(manager, {
        key,
        to: party.email,
        ...invoiceMessage(invoice, party, writing),
        attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
      await manager.update(Invoice, { id: invoice.id }, { emailSent: true, emailSentAt: sentAt });
    });
    return { ...invoice, emailSent: true, emailSentAt: sentAt };
  }

  /** The invoice's PDF in the account's language, dates and time zone: the same facts as its page and e-mail. */
  private async renderPdf(invoice: Invoice, party: InvoiceParty, writing: AccountWriting): Promise<Buffer> {
    const task: InvoicePdf = {
      lines: invoicePdfLines(invoice, party, writing),
      title: invoice.invoiceNumber,
      language: writing.language,
      created: invoice.createdAt,
    };
    return asBuffer(await this.workers.run(RENDER_PDF, task, invoice.userId));
  }

  private async find(userId: string, invoiceId: string): Promise<Invoice> {
    const invoice = isUuid(invoiceId) ? await this.invoices.findOneBy({ id: invoiceId, userId }) : null;
    if (!invoice) throw new NotFoundException({ error: INVOICE_NOT_FOUND });
    return invoice;
  }

  private async party(userId: string): Promise<InvoiceParty> {
    const { email, companyName } = await this.accounts.contact(userId);
    return { company_name: companyName, email };
  }
}
