import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export const INVOICE_PAGE_SIZE = 10;

export class ResendInvoiceDto {
  @ApiProperty({
    description: 'Our id of the invoice to e-mail again',
    example: '0f8e4c1a-3c51-4b7e-9a43-6d2f9b1e7c20',
  })
  @IsUUID('all', { message: 'invoice_id must be an invoice id' })
  invoice_id: string;
}
