import { Body, Controller, HttpCode, Ip, Post, Req, Res, UseGuards } from '@nestjs/common';
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
import type { Request, Response } from 'express';
import { AuthRateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { AuthService } from './auth.service.js';
import { DEVICE_COOKIE, DEVICE_KNOWN_MS, DeviceCookies } from './device-cookies.js';
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
  constructor(
    private readonly auth: AuthService,
    private readonly devices: DeviceCookies,
  ) {}

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
  @ApiOkResponse({
    type: AuthResponseDto,
    headers: {
      'Set-Cookie': {
        description: `${DEVICE_COOKIE}: httpOnly, SameSite=Strict, for /api/auth; marks this browser as one that signed in to the address, so its later sign-ins have their own failure budget (docs/security.md)`,
        schema: { type: 'string' },
      },
    },
  })
  @ApiUnauthorizedResponse({ description: 'Wrong email or password (one message for both)', type: ErrorResponseDto })
  async login(
    @Body() body: LoginDto,
    @Ip() client: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponseDto> {
    const cookie = req.headers.cookie;
    const answer = await this.auth.login(body, client, this.devices.knownDevice(cookie, body.email));
    res.cookie(DEVICE_COOKIE, this.devices.issue(cookie, body.email), {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      // Only the sign-in routes read it; no other request carries it.
      path: '/api/auth',
      maxAge: DEVICE_KNOWN_MS,
    });
    return answer;
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
