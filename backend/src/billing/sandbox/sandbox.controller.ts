import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../../common/dto/error-response.dto.js';
import { SandboxPaymentMethodDto, TokenizeCardDto } from './dto/tokenize-card.dto.js';
import { SandboxRateLimitGuard } from './sandbox-rate-limit.guard.js';
import { SandboxService } from './sandbox.service.js';

/** Public like the provider's own tokenisation API: the browser calls it before the user has a subscription. */
@ApiTags('sandbox')
@Public()
@Controller('sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @Post('payment_methods')
  @UseGuards(SandboxRateLimitGuard)
  @ApiOperation({
    summary:
      'Tokenise a test card (sandbox provider only): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is ' +
      'declined, 4000 0000 0000 0341 attaches but fails to charge',
  })
  @ApiCreatedResponse({ type: SandboxPaymentMethodDto })
  @ApiBadRequestResponse({
    description: "The provider's sentence, e.g. 'Your card number is invalid.', with the field named",
    type: ErrorResponseDto,
  })
  @ApiTooManyRequestsResponse({ description: 'Too many cards from this client', type: ErrorResponseDto })
  tokenize(@Body() body: TokenizeCardDto): Promise<SandboxPaymentMethodDto> {
    return this.sandbox.tokenize(body);
  }
}
