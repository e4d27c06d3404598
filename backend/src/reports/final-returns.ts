import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type PeriodReturnRow, ReportFactsRepository } from './report-facts.repository.js';

export type { PeriodReturnRow };

/**
 * What other features may ask about final reports (a final report is a filed return, locked against edits): the
 * filing reminders skip accounts that have filed, and records that went into a final report stay as they are.
 */
@Injectable()
export class FinalReturns {
  constructor(private readonly facts: ReportFactsRepository) {}

  /** Of `userIds`, those with a final report for the return due on `dueDate` ('YYYY-MM-DD'). */
  filedAmong(userIds: string[], dueDate: string): Promise<Set<string>> {
    return this.facts.withFinalReturn(userIds, dueDate);
  }

  /** Of these reports of the account, the final ones. */
  finalAmong(userId: string, reportIds: string[]): Promise<Set<string>> {
    return this.facts.finalAmong(userId, reportIds);
  }

  /**
   * What an auditor is given of a quarter: its filed returns (each return's latest final; every final worksheet),
   * else, when it has none, its latest draft; empty when it has no report. `periods` are the tax periods the
   * quarter is saved under (the quarter itself and its months).
   */
  async filedOrLatestDraft(userId: string, periods: string[]): Promise<PeriodReturnRow[]> {
    const counted = await this.facts.countedOfPeriods(userId, periods);
    const finals = counted.filter((row) => row.status === 'final');
    return finals.length > 0 ? finals : counted.slice(0, 1);
  }

  /** Every final report of the account, read in the caller's transaction when one is given. */
  finalIds(userId: string, manager?: EntityManager): Promise<string[]> {
    return this.facts.finalIds(userId, manager);
  }
}
