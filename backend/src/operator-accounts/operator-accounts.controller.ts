import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SignInActivityRepository } from '../auth/sign-in-activity.repository.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { OperatorOnly } from '../operator/operator-only.decorator.js';
import { CurrentPlansRepository } from '../subscriptions/current-plans.repository.js';
import { PaginationDto } from '../common/dto/pagination.dto.js';
import { AccountDirectoryRepository } from '../users/account-directory.repository.js';

class OperatorAccountDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'owner@acme.example' }) email: string;
  @ApiProperty({ example: 'Acme Freight LLC' }) company_name: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, example: 'Professional' }) plan_name: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'active' }) subscription_status: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_sign_in_at: string | null;
}

class OperatorAccountPageDto {
  @ApiProperty({ type: [OperatorAccountDto] }) data: OperatorAccountDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

class OperatorAccountQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of an e-mail address or company name' })
  @IsOptional()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;
}

/**
 * The operator console's read-only accounts list: who uses the product, on which plan, and when they last signed in.
 * Nothing of a carrier's reports, records or rates: an operator runs the platform, not the carriers' books.
 */
@ApiTags('operator')
@OperatorOnly()
@Controller('operator/accounts')
export class OperatorAccountsController {
  constructor(
    private readonly directory: AccountDirectoryRepository,
    private readonly plans: CurrentPlansRepository,
    private readonly signIns: SignInActivityRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every account, newest first, with its plan and last sign-in' })
  @ApiOkResponse({ type: OperatorAccountPageDto })
  async list(@Query() query: OperatorAccountQueryDto): Promise<OperatorAccountPageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { data, total } = await this.directory.page(page, limit, query.search);
    const ids = data.map((account) => account.id);
    const [plans, signIns] = await Promise.all([this.plans.of(ids), this.signIns.lastSignIns(ids)]);
    return {
      data: data.map((account) => ({
        ...account,
        plan_name: plans.get(account.id)?.plan_name ?? null,
        subscription_status: plans.get(account.id)?.status ?? null,
        last_sign_in_at: signIns.get(account.id) ?? null,
      })),
      pagination: { total, totalPages: Math.ceil(total / limit), page, limit },
    };
  }
}
