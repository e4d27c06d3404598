import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { AccountActionRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { ResendInvoiceDto } from './dto/invoice-query.dto.js';
import { InvoicePageDto, InvoiceResponseDto, ResendInvoiceResponseDto } from './dto/invoice-response.dto.js';
import { InvoicesService } from './invoices.service.js';
import type { Response } from 'express';
import { Roles } from '../common/decorators/roles.decorator.js';

const pdfFile = (name: string, pdf: Buffer) =>
  new StreamableFile(pdf, { type: 'application/pdf', disposition: `inline; filename="${name}.pdf"` });

@ApiTags('invoices')
@Authenticated()
@ApiNotFoundResponse({ description: "No such invoice in the caller's account", type: ErrorResponseDto })
@Controller('protected/invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  // Seeing cards and payments is the owner's, as changing them is: a viewer or an admin sees none of them.
  @Roles('owner')
  @ApiOperation({ summary: "The account's invoices, newest first (page size 10)" })
  @ApiOkResponse({ type: InvoicePageDto })
  @ApiBadRequestResponse({ description: 'page or limit out of range', type: ErrorResponseDto })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto): Promise<InvoicePageDto> {
    return this.invoices.list(user.id, query);
  }

  @Post('resend')
  @Roles('owner')
  @HttpCode(200)
  @UseGuards(AccountActionRateLimitGuard)
  @ApiTooManyRequestsResponse({ description: 'Too many resends from this account', type: ErrorResponseDto })
  @ApiOperation({ summary: 'E-mail the invoice (with its PDF) to the account again' })
  @ApiOkResponse({ type: ResendInvoiceResponseDto })
  @ApiBadRequestResponse({ description: 'invoice_id missing or malformed', type: ErrorResponseDto })
  resend(@CurrentUser() user: AuthenticatedUser, @Body() body: ResendInvoiceDto): Promise<ResendInvoiceResponseDto> {
    return this.invoices.resend(user.id, body.invoice_id);
  }

  @Get(':id')
  @Roles('owner')
  @ApiOperation({ summary: 'One invoice' })
  @ApiOkResponse({ type: InvoiceResponseDto })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<InvoiceResponseDto> {
    return this.invoices.get(user.id, id);
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: 'The invoice as a PDF' })
  @Roles('owner')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  async pdf(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<StreamableFile> {
    const { invoice, pdf } = await this.invoices.pdf(user.id, id);
    return pdfFile(invoice.invoiceNumber, pdf);
  }
}

/** The links in invoice_pdf and hosted_invoice_url: public, but only with a valid, unexpired signature. */
@ApiTags('invoices')
@Public()
@ApiQuery({ name: 'expires', description: 'From the signed link', required: true })
@ApiQuery({ name: 'signature', description: 'From the signed link', required: true })
@ApiNotFoundResponse({ description: 'Unknown invoice, or a wrong or expired signature', type: ErrorResponseDto })
@Controller('invoices')
export class SignedInvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get(':id/pdf')
  @ApiOperation({ summary: 'The invoice PDF behind invoice_pdf' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  async pdf(
    @Param('id') id: string,
    @Query('expires') expires?: string,
    @Query('signature') signature?: string,
  ): Promise<StreamableFile> {
    const { invoice, pdf } = await this.invoices.signedPdf(id, expires, signature);
    return pdfFile(invoice.invoiceNumber, pdf);
  }

  @Get(':id/view')
  @ApiOperation({ summary: 'The invoice page behind hosted_invoice_url' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The invoice as a web page', schema: { type: 'string' } })
  async view(
    @Res({ passthrough: true }) res: Response,
    @Param('id') id: string,
    @Query('expires') expires?: string,
    @Query('signature') signature?: string,
  ): Promise<string> {
    const page = await this.invoices.signedPage(id, expires, signature);
    // Set only once the page exists: a refusal must keep the JSON error shape.
    res.type('html');
    return page;
  }
}
