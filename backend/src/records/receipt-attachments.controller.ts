import { Controller, Delete, Get, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { FuelPurchaseRecordDto, RECEIPT_FILE_TYPES } from './dto/record-response.dto.js';
import { ReceiptAttachmentsService } from './receipt-attachments.service.js';
import { ReceiptUploadInterceptor } from './receipt-upload.interceptor.js';

const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

/** The receipt image or PDF of one of the account's fuel purchases: attach (or replace), view, remove. */
@ApiTags('records')
@Authenticated()
@RequiresSubscription('calculator')
@Controller('protected/fuel-purchases')
export class ReceiptAttachmentsController {
  constructor(private readonly attachments: ReceiptAttachmentsService) {}

  @Post(':id/attachment')
  @UseInterceptors(ReceiptUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'A JPEG, PNG or PDF of at most 5 MB' } },
    },
  })
  @ApiOperation({
    summary: 'Attach the receipt (JPEG, PNG or PDF, at most 5 MB, its type read from its bytes); replaces one before',
  })
  @ApiCreatedResponse({ type: FuelPurchaseRecordDto, description: 'The fuel purchase with its attachment' })
  @ApiForbiddenResponse({
    description:
      'No valid subscription (code SUBSCRIPTION_REQUIRED), or the receipts of the company would pass ' +
      'RECEIPT_STORAGE_MB_PER_COMPANY (RECEIPT_STORAGE_FULL, naming used and allowed); nothing is stored',
    type: ErrorResponseDto,
  })
  attach(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ) {
    return this.attachments.attach(user.id, id, file);
  }

  @Get(':id/attachment')
  @ApiProduces(...RECEIPT_FILE_TYPES)
  @ApiOperation({ summary: 'The attached receipt, inline, in the type it was stored as' })
  @ApiOkResponse({
    description: 'The file',
    content: Object.fromEntries(RECEIPT_FILE_TYPES.map((type) => [type, BINARY])),
  })
  @ApiNotFoundResponse({ description: 'No such purchase of the account, or no receipt attached' })
  open(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    return this.attachments.open(user.id, id);
  }

  @Delete(':id/attachment')
  @ApiOperation({ summary: 'Remove the attached receipt' })
  @ApiOkResponse({ type: FuelPurchaseRecordDto, description: 'The fuel purchase, its attachment null' })
  detach(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    return this.attachments.detach(user.id, id);
  }
}
