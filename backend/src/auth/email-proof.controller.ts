import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { AuthRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { AuthService } from './auth.service.js';
import { MessageResponseDto } from './dto/account-security.dto.js';
import { AuthResponseDto } from './dto/auth-response.dto.js';
import { ProveEmailDto } from './dto/email-proof.dto.js';
import { PROOF_RESEND_MINUTES } from './email-proofs.service.js';

export const PROOF_RESENT = 'A new link is on its way to your e-mail address. It works once, for a week.';

/** Proving an account's e-mail address: the link mailed at registration, and "Resend the link". */
@ApiTags('auth')
@Controller('auth/verify-email')
export class EmailProofController {
  constructor(private readonly auth: AuthService) {}

  @Post()
  @HttpCode(200)
  @Public()
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    summary: "Prove the account's e-mail address with the mailed link's token and the password, and sign in",
    description:
      'The first proof ends every session of the account, removes the members and revokes the invitations added ' +
      'before it, and opens what needs a proven address (the operator console, for an address an operator list names).',
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiBadRequestResponse({ description: 'The link is invalid, used or expired', type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ description: "Not the account's password", type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts', type: ErrorResponseDto })
  prove(@Body() body: ProveEmailDto, @Ip() client: string): Promise<AuthResponseDto> {
    return this.auth.proveEmail(body, client);
  }

  @Post('resend')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: `E-mail a new link to prove the signed-in person's address (one per ${PROOF_RESEND_MINUTES} minutes)`,
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiConflictResponse({ description: 'The address is already proven', type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ description: 'A link was sent a few minutes ago', type: ErrorResponseDto })
  async resend(@CurrentUser() user: AuthenticatedUser): Promise<MessageResponseDto> {
    await this.auth.resendProof(user);
    return { message: PROOF_RESENT };
  }
}
