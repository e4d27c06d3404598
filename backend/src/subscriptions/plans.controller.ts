import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { PaymentProvider } from '../billing/payment-provider.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { PlanListDto, PlanResponseDto, ProviderConfigDto } from './dto/plan-response.dto.js';
import { PlansService } from './plans.service.js';

/** Public: the subscription modal shows plans and loads the card form before the user has paid. */
@ApiTags('subscriptions')
@Public()
@Controller('subscriptions')
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
  ) {}

  @Get('plans')
  @ApiOperation({ summary: 'The plans on sale, cheapest first' })
  @ApiOkResponse({ type: PlanListDto })
  async list(): Promise<PlanListDto> {
    const plans = await this.plans.onSale();
    return { plans: plans.map((plan) => PlanResponseDto.from(plan)), provider: this.provider.name };
  }

  @Get(':provider-config')
  @ApiOperation({
    summary: "The live card provider's browser key: /subscriptions/sandbox-config or /subscriptions/stripe-config",
  })
  @ApiParam({ name: 'provider', enum: ['sandbox', 'stripe'], description: 'The card provider asked about' })
  @ApiOkResponse({ type: ProviderConfigDto })
  @ApiNotFoundResponse({
    description: 'That provider is not the live one (the error names the live one)',
    type: ErrorResponseDto,
  })
  config(@Param('provider') provider: string): ProviderConfigDto {
    if (provider !== this.provider.name) {
      throw new NotFoundException({
        error: `The ${provider} card provider is not enabled; the live provider is ${this.provider.name}`,
        provider: this.provider.name,
      });
    }
    return {
      provider: this.provider.name,
      publishable_key: this.provider.publishableKey(),
      tokenize_url: this.provider.name === 'sandbox' ? '/api/sandbox/payment_methods' : null,
    };
  }
}
