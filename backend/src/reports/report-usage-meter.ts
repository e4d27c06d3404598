import { Injectable } from '@nestjs/common';
import { ReportFactsRepository } from './report-facts.repository.js';

/** What the subscription guard may ask of the monthly report meter (PLANS.md, Usage limit). */
@Injectable()
export class ReportUsageMeter {
  constructor(private readonly facts: ReportFactsRepository) {}

  /** How many reports the account made or rewrote in `now`'s month. */
  usedThisMonth(userId: string, now: Date): Promise<number> {
    return this.facts.reportsUsedThisMonth(userId, now);
  }

  /** Whether this report is already counted in `now`'s month (rewriting it again then costs nothing). */
  isCountedThisMonth(userId: string, reportId: string, now: Date): Promise<boolean> {
    return this.facts.isCountedThisMonth(userId, reportId, now);
  }
}
