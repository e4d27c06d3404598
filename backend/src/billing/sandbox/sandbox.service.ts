import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock/clock.js';
import { checkCard } from './sandbox-card-rules.js';
import type { SandboxPaymentMethodDto, TokenizeCardDto } from './dto/tokenize-card.dto.js';
import { newSandboxPaymentMethodId } from './sandbox.provider.js';
import { SandboxTokensRepository } from './sandbox-tokens.repository.js';

/** The sandbox's stand-in for the provider's browser tokenisation. */
@Injectable()
export class SandboxService {
  constructor(
    private readonly tokens: SandboxTokensRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async tokenize(input: TokenizeCardDto): Promise<SandboxPaymentMethodDto> {
    // With Stripe live a sandbox token could never be charged: say so rather than hand one out.
    if (this.config.billingProvider !== 'sandbox') {
      throw new NotFoundException({ error: 'The sandbox card provider is not enabled on this server' });
    }
    const check = checkCard(input, this.clock.now());
    if (!check.ok) {
      throw new BadRequestException({
        error: check.message,
        code: check.code,
        fields: { [check.field]: check.message },
      });
    }
    const { brand, last4, exp_month, exp_year, behaviour } = check;
    const id = newSandboxPaymentMethodId(behaviour);
    await this.tokens.insert({ id, brand, last4, expMonth: exp_month, expYear: exp_year, behaviour });
    return { id, card: { brand, last4, exp_month, exp_year } };
  }
}
