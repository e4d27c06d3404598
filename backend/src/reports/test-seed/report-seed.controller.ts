import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import type { AuthenticatedUser } from '../../common/authenticated-user.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { ReportSeedRepository } from './report-seed.repository.js';

export class SeedReportsDto {
  @Type(() => Number)
  @IsInt({ message: 'count must be a whole number' })
  @Min(1, { message: 'count must be at least 1' })
  @Max(20_000, { message: 'count must be at most 20000' })
  count: number;
}

/**
 * The browser tests' way to give an account a fleet's history (the list finds a report made 10,000
 * reports ago): the caller's reports move 30 days back, then `count` newer line-less reports are written in one
 * statement, one in three final, with the kept counts updated in the same statement. Through the API this would
 * take minutes. Mounted only when NODE_ENV=test (testOnlyModules) and left out of the OpenAPI document.
 */
@ApiExcludeController()
@Controller('test/reports')
export class ReportSeedController {
  constructor(private readonly repository: ReportSeedRepository) {}

  @Post('seed')
  @HttpCode(200)
  async seed(@CurrentUser() user: AuthenticatedUser, @Body() body: SeedReportsDto): Promise<{ seeded: number }> {
    await this.repository.seed(user.id, body.count);
    return { seeded: body.count };
  }
}
