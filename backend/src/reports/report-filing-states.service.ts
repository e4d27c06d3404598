import { Injectable } from '@nestjs/common';
import { ReportsRepository } from './reports.repository.js';

/** Where an account stands for one return: nothing saved, a draft, a final filed on time, or a final filed late. */
export type FilingState = 'none' | 'draft' | 'final' | 'filed_late';

/**
 * The account's filing state per due date, read from its reports (a monthly report counts toward its quarter's
 * return, whose due date it carries). Exported for the filing calendar and its reminders.
 */
@Injectable()
export class ReportFilingStatesService {
  constructor(private readonly repository: ReportsRepository) {}

  async statesByDueDate(userId: string, dueDates: string[]): Promise<Map<string, FilingState>> {
    const rows = await this.repository.filingStates(userId, dueDates);
    const states = new Map<string, FilingState>(dueDates.map((due) => [due, 'none']));
    for (const row of rows) {
      states.set(row.due_date, row.on_time ? 'final' : row.final ? 'filed_late' : 'draft');
    }
    return states;
  }
}
