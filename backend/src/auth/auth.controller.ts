import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AuthRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { AuthService } from './auth.service.js';
import { AuthResponseDto } from './dto/auth-response.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { AcceptInvitationDto } from './dto/accept-invitation.dto.js';
import { RegisterDto } from './dto/register.dto.js';

@ApiTags('auth')
@Public()
@UseGuards(AuthRateLimitGuard)
@ApiTooManyRequestsResponse({ description: 'Too many attempts from this client', type: ErrorResponseDto })
@ApiBadRequestResponse({ description: 'A field is missing or invalid', type: ErrorResponseDto })
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiOperation({ summary: 'Create a company account and sign in' })
  @ApiCreatedResponse({ type: AuthResponseDto })
  @ApiConflictResponse({
    description: 'The e-mail cannot be used for a new account (its owner, if any, is told by e-mail)',
    type: ErrorResponseDto,
  })
  register(@Body() body: RegisterDto): Promise<AuthResponseDto> {
    return this.auth.register(body);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiUnauthorizedResponse({ description: 'Wrong email or password (one message for both)', type: ErrorResponseDto })
  login(@Body() body: LoginDto, @Ip() client: string): Promise<AuthResponseDto> {
    return this.auth.login(body, client);
  }

  @Post('accept-invitation')
  @HttpCode(200)
  @ApiOperation({
    summary: "Join a company with an invitation link's token and sign in to it",
    description:
      'A new address becomes an account with this password and name; an address that already has an account gives ' +
      'its current password. The link works once, for 7 days, until revoked.',
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiUnauthorizedResponse({ description: "Wrong password of the address's existing account", type: ErrorResponseDto })
  acceptInvitation(@Body() body: AcceptInvitationDto, @Ip() client: string): Promise<AuthResponseDto> {
    return this.auth.acceptInvitation(body, client);
  }
}
