import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthResponseDto } from '../auth/dto/auth-response.dto.js';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { CompaniesService } from './companies.service.js';
import { CompaniesDto } from './dto/companies.dto.js';

/** The companies of the signed-in person (any role), and switching the sign-in to another of them. */
@ApiTags('companies')
@Authenticated()
@Controller('protected/companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @ApiOperation({ summary: 'The companies the signed-in person belongs to, with their role in each' })
  @ApiOkResponse({ type: CompaniesDto })
  list(@CurrentUser() user: AuthenticatedUser): Promise<CompaniesDto> {
    return this.companies.list(user);
  }

  @Post(':id/switch')
  // Any member may move their own sign-in: the role that counts is the one they hold in the company switched to.
  @Roles('viewer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in to another company of the person: answers like a login, with a token for that company',
    description:
      "The role is the person's role there now. The token that asked keeps working (another tab may act with it); " +
      'signing out with either ends both.',
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiNotFoundResponse({ description: 'The person is not a member of this company', type: ErrorResponseDto })
  switchTo(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<AuthResponseDto> {
    return this.companies.switchTo(user, id);
  }
}
