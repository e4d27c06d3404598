import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import {
  AddPaymentMethodDto,
  DeletePaymentMethodResponseDto,
  PaymentMethodListDto,
  PaymentMethodResponseDto,
  UpdatePaymentMethodDto,
} from './dto/payment-method.dto.js';
import { PaymentMethodsService } from './payment-methods.service.js';
import { Roles } from '../common/decorators/roles.decorator.js';

@ApiTags('payment-methods')
@Authenticated()
@Controller('protected/payment-methods')
export class PaymentMethodsController {
  constructor(private readonly cards: PaymentMethodsService) {}

  @Get()
  // Seeing cards and payments is the owner's, as changing them is: a viewer or an admin sees none of them.
  @Roles('owner')
  @ApiOperation({ summary: "The account's saved cards" })
  @ApiOkResponse({ type: PaymentMethodListDto })
  list(@CurrentUser() user: AuthenticatedUser): Promise<PaymentMethodListDto> {
    return this.cards.list(user.id);
  }

  @Get(':id')
  @Roles('owner')
  @ApiOperation({ summary: 'One saved card' })
  @ApiOkResponse({ type: PaymentMethodResponseDto })
  @ApiNotFoundResponse({ description: "No such card in the caller's account", type: ErrorResponseDto })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<PaymentMethodResponseDto> {
    return this.cards.get(user.id, id);
  }

  @Post()
  @Roles('owner')
  @ApiOperation({ summary: 'Save a card tokenised in the browser; the first card becomes the default' })
  @ApiCreatedResponse({ type: PaymentMethodResponseDto })
  @ApiBadRequestResponse({ description: 'Unknown payment_method_id, or a bad field', type: ErrorResponseDto })
  @ApiPaymentRequiredResponse({
    description: "The provider refused the card ('Your card was declined.')",
    type: ErrorResponseDto,
  })
  add(@CurrentUser() user: AuthenticatedUser, @Body() body: AddPaymentMethodDto): Promise<PaymentMethodResponseDto> {
    return this.cards.add(user.id, body);
  }

  @Put(':id')
  @Roles('owner')
  @ApiOperation({ summary: 'Make the card the default ({is_default: true}) or rename it ({nickname})' })
  @ApiOkResponse({ type: PaymentMethodResponseDto })
  @ApiBadRequestResponse({ description: 'Nothing to change, or a bad field', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: "No such card in the caller's account", type: ErrorResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdatePaymentMethodDto,
  ): Promise<PaymentMethodResponseDto> {
    return this.cards.update(user.id, id, body);
  }

  @Delete(':id')
  @Roles('owner')
  @ApiOperation({
    summary:
      'Delete a card; when it was the default, the newest other card becomes the default. The only card of an active or trialing subscription stays (409)',
  })
  @ApiOkResponse({ type: DeletePaymentMethodResponseDto })
  @ApiNotFoundResponse({ description: "No such card in the caller's account", type: ErrorResponseDto })
  @ApiConflictResponse({
    description: 'The only card of an active or trialing subscription: add another card first',
    type: ErrorResponseDto,
  })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<DeletePaymentMethodResponseDto> {
    return this.cards.remove(user.id, id);
  }
}
