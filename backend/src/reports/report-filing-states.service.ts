import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Where an account stands for one return: nothing saved, a draft, a final filed on time, or a final filed late. */
export type FilingState = 'none' | 'draft' | 'final' | 'filed_late';

/**
 * The account's filing state per due date, read from its reports (a monthly report counts toward its quarter's
 * return, whose due date it carries). Exported for the filing calendar and its reminders.
 */
@Injectable()
export class ReportFilingStatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async statesByDueDate(userId: string, dueDates: string[]): Promise<Map<string, FilingState>> {
    const rows = (await this.dataSource.query(
      `SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date,
              bool_or(status = 'final' AND (filed_at IS NULL OR filed_at <= due_date)) AS on_time,
              bool_or(status = 'final') AS final
         FROM reports WHERE user_id = $1 AND due_date = ANY($2::date[]) GROUP BY due_date`,
      [userId, dueDates],
    )) as Array<{ due_date: string; on_time: boolean; final: boolean }>;
    const states = new Map<string, FilingState>(dueDates.map((due) => [due, 'none']));
    for (const row of rows) {
      states.set(row.due_date, row.on_time ? 'final' : row.final ? 'filed_late' : 'draft');
    }
    return states;
  }
}
