import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { CreateReturnPaymentDto, DeleteReturnPaymentResponseDto, ReturnPaymentDto } from './dto/return-payment.dto.js';
import { ReturnPaymentsService } from './return-payments.service.js';

@ApiTags('reports')
@Authenticated()
@ApiNotFoundResponse({ description: "No such report (or payment) in the caller's company", type: ErrorResponseDto })
@Controller('protected/reports/:id/payments')
export class ReturnPaymentsController {
  constructor(private readonly payments: ReturnPaymentsService) {}

  @Get()
  @ApiOperation({
    summary:
      "The payments, refunds and credits carried forward of the report's return (every final of the return lists " +
      'the same), oldest first; none for a draft',
  })
  @ApiOkResponse({ type: [ReturnPaymentDto] })
  list(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<ReturnPaymentDto[]> {
    return this.payments.list(user.id, id);
  }

  @Post()
  @ApiOperation({
    summary:
      "Record a payment, refund or credit carried forward on a final report's return; the report's amount_due, " +
      'paid, balance and settlement follow',
  })
  @ApiCreatedResponse({ type: ReturnPaymentDto })
  @ApiBadRequestResponse({
    description: 'A value is missing or out of range, paid_on is after today, or the report is a draft (status)',
    type: ErrorResponseDto,
  })
  record(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: CreateReturnPaymentDto,
  ): Promise<ReturnPaymentDto> {
    return this.payments.record(user.id, id, body);
  }

  @Delete(':paymentId')
  @ApiOperation({ summary: "Delete one entry of the report's return" })
  @ApiOkResponse({ type: DeleteReturnPaymentResponseDto })
  @ApiBadRequestResponse({ description: 'The report is a draft (status)', type: ErrorResponseDto })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Param('paymentId') paymentId: string,
  ): Promise<DeleteReturnPaymentResponseDto> {
    return this.payments.remove(user.id, id, paymentId);
  }
}
