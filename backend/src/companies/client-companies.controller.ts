import { Body, Controller, Get, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { ClientCompaniesService } from './client-companies.service.js';
import { ClientCompaniesDto, ClientCompanyDto, CreateClientCompanyDto } from './dto/companies.dto.js';

/** A preparer's client companies: every member reads the list; owners and admins add clients. */
@ApiTags('companies')
@Authenticated()
@Controller('protected/client-companies')
export class ClientCompaniesController {
  constructor(private readonly clients: ClientCompaniesService) {}

  @Get()
  @ApiOperation({ summary: "The preparer company's clients with the return each files next, overdue first" })
  @ApiOkResponse({ type: ClientCompaniesDto })
  list(@CurrentUser() user: AuthenticatedUser): Promise<ClientCompaniesDto> {
    return this.clients.list(user);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Make a client company managed by this company, with the signed-in person as its owner',
    description:
      "billing 'preparer' takes one of this company's seats and opens the client with this company's subscription; " +
      "'client' leaves the client to subscribe on its own.",
  })
  @ApiCreatedResponse({ type: ClientCompanyDto })
  @ApiBadRequestResponse({ description: 'A missing or bad name, e-mail or billing', type: ErrorResponseDto })
  @ApiForbiddenResponse({
    description:
      "The plan's client companies reached, or none without a subscription (CLIENT_COMPANY_LIMIT_REACHED); " +
      'no seat left on the plan (SEAT_LIMIT_REACHED)',
    type: ErrorResponseDto,
  })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateClientCompanyDto): Promise<ClientCompanyDto> {
    return this.clients.create(user, body);
  }
}
