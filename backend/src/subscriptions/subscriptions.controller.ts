import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { PlanChangePreviewDto } from './dto/plan-change-preview.dto.js';
import { AccountActionRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { SubscriptionAccess } from '../common/subscription-access.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import {
  ChangePlanDto,
  CreateSubscriptionDto,
  FeatureAccessQueryDto,
  ReactivateWithPaymentDto,
} from './dto/subscription-input.dto.js';
import {
  CurrentSubscriptionDto,
  FeatureAccessDto,
  PaymentHistoryDto,
  SubscriptionStatusDto,
} from './dto/subscription-response.dto.js';
import { SubscriptionRenewalsService } from './subscription-renewals.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { Roles } from '../common/decorators/roles.decorator.js';

const KEY_PATTERN = /^[\w-]{1,100}$/;

@ApiTags('subscriptions')
@Authenticated()
@Controller('protected/subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly renewals: SubscriptionRenewalsService,
    private readonly access: SubscriptionAccess,
  ) {}

  @Get('current')
  @ApiOperation({
    summary:
      "The account's latest subscription with its plan and days left (settings view); for a client company its " +
      "preparer pays for, billed_to names the preparer, and plan and validity are the preparer's",
  })
  @ApiOkResponse({ type: CurrentSubscriptionDto })
  current(@CurrentUser() user: AuthenticatedUser): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.current(user.id);
  }

  @Get('status')
  @ApiOperation({ summary: 'Whether paid features are open, and for how many more days' })
  @ApiOkResponse({ type: SubscriptionStatusDto })
  status(@CurrentUser() user: AuthenticatedUser): Promise<SubscriptionStatusDto> {
    return this.subscriptions.status(user.id);
  }

  @Get('feature-access')
  @ApiOperation({ summary: 'Whether one guarded feature is open now (subscription and plan limits)' })
  @ApiOkResponse({ type: FeatureAccessDto })
  @ApiBadRequestResponse({ description: 'Unknown feature', type: ErrorResponseDto })
  async featureAccess(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: FeatureAccessQueryDto,
  ): Promise<FeatureAccessDto> {
    const decision = await this.access.check(user.id, query.feature);
    return {
      feature: query.feature ?? null,
      has_access: decision.allowed,
      reason: decision.allowed ? null : decision.code,
    };
  }

  @Post()
  @Roles('owner')
  @ApiOperation({
    summary:
      'Subscribe with a new card: a first subscription starts its free trial, otherwise the first month is ' +
      'charged now. The card is saved and made the default.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key answers the subscription the first call made',
  })
  @ApiCreatedResponse({ type: CurrentSubscriptionDto })
  @ApiBadRequestResponse({ description: 'Unknown plan or payment method (the field is named)', type: ErrorResponseDto })
  @ApiPaymentRequiredResponse({
    description: "The card was refused ('Your card was declined.')",
    type: ErrorResponseDto,
  })
  @ApiConflictResponse({
    description: 'The account already has a live subscription, or its preparer pays for it (BILLED_TO_PREPARER)',
    type: ErrorResponseDto,
  })
  @ApiUnprocessableEntityResponse({
    description: 'The Idempotency-Key was first used with a different request (code IDEMPOTENCY_KEY_REUSED)',
    type: ErrorResponseDto,
  })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateSubscriptionDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CurrentSubscriptionDto> {
    if (idempotencyKey !== undefined && !KEY_PATTERN.test(idempotencyKey)) {
      const message = 'Idempotency-Key must be 1-100 letters, digits, - or _';
      throw new BadRequestException({ error: message, fields: { 'Idempotency-Key': message } });
    }
    return this.subscriptions.create(user.id, body, idempotencyKey);
  }

  @Get('plan-change-preview')
  @ApiOperation({
    summary: 'What changing to plan_id would do, before it is confirmed: price, charge now, when, next renewal',
  })
  @ApiOkResponse({ type: PlanChangePreviewDto })
  @ApiBadRequestResponse({ description: 'Unknown plan', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No valid subscription to change', type: ErrorResponseDto })
  @ApiConflictResponse({
    description: 'Already on that plan, or the preparer pays for this company (BILLED_TO_PREPARER)',
    type: ErrorResponseDto,
  })
  planChangePreview(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ChangePlanDto,
  ): Promise<PlanChangePreviewDto> {
    return this.subscriptions.planChangePreview(user.id, query.plan_id);
  }

  @Put()
  @Roles('owner')
  @ApiOperation({
    summary:
      'Change plan: an upgrade of a paid period is charged the prorated difference now (402 if refused); a ' +
      'downgrade of a paid period takes effect at its end (pending_plan_id); during a trial, at once',
  })
  @ApiOkResponse({ type: CurrentSubscriptionDto })
  @ApiBadRequestResponse({ description: 'Unknown plan', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No valid subscription to change', type: ErrorResponseDto })
  @ApiConflictResponse({
    description: 'Already on that plan, or the preparer pays for this company (BILLED_TO_PREPARER)',
    type: ErrorResponseDto,
  })
  @ApiPaymentRequiredResponse({ description: 'The prorated upgrade charge was refused', type: ErrorResponseDto })
  changePlan(@CurrentUser() user: AuthenticatedUser, @Body() body: ChangePlanDto): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.changePlan(user.id, body);
  }

  @Delete()
  @Roles('owner')
  @ApiOperation({ summary: 'Cancel at period end (access stays until then); a past_due one ends now' })
  @ApiOkResponse({ type: CurrentSubscriptionDto })
  @ApiNotFoundResponse({ description: 'No live subscription', type: ErrorResponseDto })
  @ApiConflictResponse({
    description: 'No live subscription of its own and the preparer pays for this company (BILLED_TO_PREPARER)',
    type: ErrorResponseDto,
  })
  cancel(@CurrentUser() user: AuthenticatedUser): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.cancel(user.id);
  }

  @Post('reactivate')
  @Roles('owner')
  @HttpCode(200)
  @ApiOperation({ summary: 'Undo a cancel before the period ends' })
  @ApiOkResponse({ type: CurrentSubscriptionDto })
  @ApiConflictResponse({
    description:
      'Not set to cancel, or already ended (use reactivate-with-payment), or the preparer pays for this company ' +
      '(BILLED_TO_PREPARER)',
    type: ErrorResponseDto,
  })
  reactivate(@CurrentUser() user: AuthenticatedUser): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.reactivate(user.id);
  }

  @Post('reactivate-with-payment')
  @Roles('owner')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Resume with a card (new or saved): undoes a cancel, pays a past_due bill, or starts a new paid month ' +
      'after the subscription ended',
  })
  @ApiOkResponse({ type: CurrentSubscriptionDto })
  @ApiBadRequestResponse({ description: 'Unknown plan or payment method (the field is named)', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: "The saved card is not one of the account's", type: ErrorResponseDto })
  @ApiPaymentRequiredResponse({ description: 'The card was refused', type: ErrorResponseDto })
  @ApiConflictResponse({
    description: 'The preparer pays for this company (BILLED_TO_PREPARER)',
    type: ErrorResponseDto,
  })
  reactivateWithPayment(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ReactivateWithPaymentDto,
  ): Promise<CurrentSubscriptionDto> {
    return this.subscriptions.reactivateWithPayment(user.id, body);
  }

  @Get('payments')
  @Roles('owner')
  @ApiOperation({ summary: 'Payment history: every charge attempt, newest first (defaults page 1, limit 10)' })
  @ApiOkResponse({ type: PaymentHistoryDto })
  @ApiBadRequestResponse({ description: 'page or limit out of range', type: ErrorResponseDto })
  payments(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto): Promise<PaymentHistoryDto> {
    return this.subscriptions.payments(user.id, query);
  }

  @Post('sync')
  @Roles('owner')
  @HttpCode(200)
  @UseGuards(AccountActionRateLimitGuard)
  @ApiTooManyRequestsResponse({ description: 'Too many syncs from this account', type: ErrorResponseDto })
  @ApiOperation({ summary: 'Re-read the cards from the provider and apply any due renewal now' })
  @ApiOkResponse({ type: SubscriptionStatusDto })
  async sync(@CurrentUser() user: AuthenticatedUser): Promise<SubscriptionStatusDto> {
    await this.renewals.sync(user.id);
    return this.subscriptions.status(user.id);
  }
}
