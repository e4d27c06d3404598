import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/pagination.dto.js';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '../entities/invoice.entity.js';

const day = (date: Date) => date.toISOString().slice(0, 10);

export class InvoiceResponseDto {
  @ApiProperty({ format: 'uuid', description: 'Our id', example: '0f8e4c1a-3c51-4b7e-9a43-6d2f9b1e7c20' })
  id: string;

  @ApiProperty({ description: 'The card provider that billed it', example: 'sandbox', enum: ['sandbox', 'stripe'] })
  provider: string;

  @ApiProperty({
    description: "The invoice's id at the provider (named after the provider field-wise: provider_*)",
    example: 'in_sandbox_9f2c4a1b7d3e',
    nullable: true,
  })
  provider_invoice_id: string | null;

  @ApiProperty({ description: 'Sequential invoice number', example: 'INV-000042' })
  invoice_number: string;

  @ApiProperty({ enum: INVOICE_STATUSES, description: 'Badge colours: paid green, open blue, ...', example: 'paid' })
  status: InvoiceStatus;

  @ApiProperty({ description: 'Plan billed', example: 'Professional' })
  plan_name: string;

  @ApiProperty({ description: 'Amount in currency units', example: 59 })
  amount: number;

  @ApiProperty({ description: 'ISO currency code', example: 'USD' })
  currency: string;

  @ApiProperty({ description: 'Billing period, first and last day', example: '2026-11-22 - 2026-12-22' })
  period: string;

  @ApiProperty({ description: 'Billing period start', example: '2026-11-22T23:15:00.000Z' })
  period_start: string;

  @ApiProperty({ description: 'Billing period end', example: '2026-12-22T23:15:00.000Z' })
  period_end: string;

  @ApiProperty({ description: 'What was billed', example: 'Professional plan, monthly subscription' })
  description: string;

  @ApiProperty({ description: 'When the invoice was issued', example: '2026-11-22T23:15:00.000Z' })
  created_at: string;

  @ApiProperty({
    description: 'When it was paid; null unless paid',
    example: '2026-11-22T23:15:00.000Z',
    nullable: true,
  })
  paid_at: string | null;

  @ApiProperty({ description: 'An e-mail with this invoice was sent', example: true })
  email_sent: boolean;

  @ApiProperty({ description: 'When it was last sent', example: '2026-11-22T23:15:01.000Z', nullable: true })
  email_sent_at: string | null;

  @ApiProperty({
    description: 'Signed link (24 h) to a page showing the invoice; opens without a bearer token',
    example: '/api/invoices/0f8e4c1a-3c51-4b7e-9a43-6d2f9b1e7c20/view?expires=1764000000000&signature=abc',
  })
  hosted_invoice_url: string;

  @ApiProperty({
    description: 'Signed link (24 h) to the PDF; opens without a bearer token',
    example: '/api/invoices/0f8e4c1a-3c51-4b7e-9a43-6d2f9b1e7c20/pdf?expires=1764000000000&signature=abc',
  })
  invoice_pdf: string;

  static from(invoice: Invoice, links: { view: string; pdf: string }): InvoiceResponseDto {
    return {
      id: invoice.id,
      provider: invoice.provider,
      provider_invoice_id: invoice.providerInvoiceId,
      invoice_number: invoice.invoiceNumber,
      status: invoice.status,
      plan_name: invoice.planName,
      amount: invoice.amount,
      currency: invoice.currency,
      period: `${day(invoice.periodStart)} - ${day(invoice.periodEnd)}`,
      period_start: invoice.periodStart.toISOString(),
      period_end: invoice.periodEnd.toISOString(),
      description: invoice.description,
      created_at: invoice.createdAt.toISOString(),
      paid_at: invoice.paidAt?.toISOString() ?? null,
      email_sent: invoice.emailSent,
      email_sent_at: invoice.emailSentAt?.toISOString() ?? null,
      hosted_invoice_url: links.view,
      invoice_pdf: links.pdf,
    };
  }
}

export class InvoicePageDto {
  @ApiProperty({ type: [InvoiceResponseDto], description: 'Newest first' })
  invoices: InvoiceResponseDto[];

  @ApiProperty({ description: 'This page, from 1', example: 1 })
  page: number;

  @ApiProperty({ description: 'Page size', example: 10 })
  limit: number;

  @ApiProperty({ description: "Number of the account's invoices", example: 3 })
  total: number;

  @ApiProperty({ description: 'Number of pages (at least 1)', example: 1 })
  total_pages: number;

  // The same page in the envelope every other list answers, so the app reads all lists one way; the fields
  // above are the product spec's own and stay for the clients written against it.
  @ApiProperty({ type: [InvoiceResponseDto], description: 'The same invoices as `invoices`, newest first' })
  data: InvoiceResponseDto[];

  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}

export class ResendInvoiceResponseDto {
  @ApiProperty({ description: 'The e-mail was handed to the mail server (or written to the outbox)', example: true })
  success: boolean;

  @ApiProperty({ type: InvoiceResponseDto, description: 'The invoice with email_sent and email_sent_at updated' })
  invoice: InvoiceResponseDto;
}
