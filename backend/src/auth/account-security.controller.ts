import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { AuthRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { AuthService } from './auth.service.js';
import {
  ChangePasswordDto,
  ForgotPasswordDto,
  MessageResponseDto,
  ResetPasswordDto,
} from './dto/account-security.dto.js';
import { PasswordResetService } from './password-reset.service.js';

export const RESET_REQUESTED =
  'If an account uses this e-mail address, a link to reset its password is on its way. It works once, for an hour.';

/** Sessions a user controls: sign-out, password change and password reset. */
@ApiTags('auth')
@Controller('auth')
export class AccountSecurityController {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
  ) {}

  @Post('logout')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'End this token on the server (it answers 401 from now on)' })
  @ApiOkResponse({ type: MessageResponseDto })
  async logout(@CurrentUser() user: AuthenticatedUser): Promise<MessageResponseDto> {
    await this.auth.logout(user.sessionId);
    return { message: 'Signed out' };
  }

  @Post('change-password')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Change the password (the current one is required); every other session ends' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ description: 'Wrong current password or a bad new one', type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords', type: ErrorResponseDto })
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangePasswordDto,
    @Ip() client: string,
  ): Promise<MessageResponseDto> {
    // The person's password, never the company account's (a member's token names both).
    await this.auth.changePassword(user.memberId, user.sessionId, body, client);
    return { message: 'Password changed; every other session is signed out' };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @Public()
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({ summary: 'E-mail a single-use password reset link (the same answer for unknown addresses)' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ description: 'Not an e-mail address', type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this client', type: ErrorResponseDto })
  async forgotPassword(@Body() body: ForgotPasswordDto): Promise<MessageResponseDto> {
    await this.resets.request(body.email);
    return { message: RESET_REQUESTED };
  }

  @Post('reset-password')
  @HttpCode(200)
  @Public()
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({ summary: 'Set a new password with the token of a reset link; every session ends' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({
    description: 'The link is invalid, used or expired, or a bad password',
    type: ErrorResponseDto,
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this client', type: ErrorResponseDto })
  async resetPassword(@Body() body: ResetPasswordDto): Promise<MessageResponseDto> {
    await this.resets.reset(body.token, body.password);
    return { message: 'Password changed; sign in with the new password' };
  }
}
