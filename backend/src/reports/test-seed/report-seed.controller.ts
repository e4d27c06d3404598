import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiExcludeController } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import type { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../common/authenticated-user.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';

export class SeedReportsDto {
  @Type(() => Number)
  @IsInt({ message: 'count must be a whole number' })
  @Min(1, { message: 'count must be at least 1' })
  @Max(20_000, { message: 'count must be at most 20000' })
  count: number;
}

/**
 * The browser tests' way to give an account a fleet's history (issue 14: the list finds a report made 10,000
 * reports ago): the caller's reports move 30 days back, then `count` newer line-less reports are written in one
 * statement, one in three final, with the kept counts updated in the same statement. Through the API this would
 * take minutes. Mounted only when NODE_ENV=test (testOnlyModules) and left out of the OpenAPI document.
 */
@ApiExcludeController()
@Controller('test/reports')
export class ReportSeedController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Post('seed')
  @HttpCode(200)
  async seed(@CurrentUser() user: AuthenticatedUser, @Body() body: SeedReportsDto): Promise<{ seeded: number }> {
    await this.dataSource.query(
      `WITH moved AS (
         UPDATE reports SET created_at = created_at - interval '30 days' WHERE user_id = $1 RETURNING 1
       ), seeded AS (
         INSERT INTO reports (user_id, name, company_name, average_mpg, status, total_miles, tax_due, created_at)
         SELECT $1, 'Seed report ' || i, 'Seed Freight LLC', 0, CASE WHEN i % 3 = 0 THEN 'final' ELSE 'draft' END,
                i, 0, now() - i * interval '1 second'
           FROM generate_series(1, $2::int) AS i
         RETURNING status
       )
       INSERT INTO account_report_totals AS t (user_id, reports, final_reports)
       SELECT $1, count(*), count(*) FILTER (WHERE status = 'final') FROM seeded
       WHERE (SELECT count(*) FROM moved) >= 0
       ON CONFLICT (user_id) DO UPDATE SET reports = t.reports + excluded.reports,
         final_reports = t.final_reports + excluded.final_reports`,
      [user.id, body.count],
    );
    return { seeded: body.count };
  }
}
