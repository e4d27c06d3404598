import { Injectable } from '@nestjs/common';
import { companyFilingState, type FilingState, quarterFilingState } from './filing-states.js';
import { ReportsRepository } from './reports.repository.js';

export type { FilingState } from './filing-states.js';

/** One company's state for one return. */
export interface CompanyFilingState {
  company_name: string;
  state: FilingState;
}

/** A due date's state (its least advanced company's) and each company's. */
export interface DueDateFiling {
  state: FilingState;
  companies: CompanyFilingState[];
}

/**
 * The account's filing state per due date, read from its reports (a monthly report counts toward its quarter's
 * return, whose due date it carries), one return per company as the reports name it (filing-states.ts).
 * Exported for the filing calendar.
 */
@Injectable()
export class ReportFilingStatesService {
  constructor(private readonly repository: ReportsRepository) {}

  async statesByDueDate(userId: string, dueDates: string[], today: string): Promise<Map<string, DueDateFiling>> {
    const rows = await this.repository.filingStates(userId, dueDates);
    const companies = new Map<string, CompanyFilingState[]>(dueDates.map((due) => [due, []]));
    for (const row of rows) {
      companies.get(row.due_date)?.push({
        company_name: row.company_name,
        state: companyFilingState(
          { reported: true, filed: row.filed, amended: row.amended, onTime: row.on_time },
          row.due_date,
          today,
        ),
      });
    }
    return new Map(
      [...companies].map(([due, list]) => [
        due,
        {
          state: quarterFilingState(
            list.map((company) => company.state),
            due,
            today,
          ),
          companies: list,
        },
      ]),
    );
  }

  /**
   * Each jurisdiction's tax plus surcharge due on the latest draft of each company that has not filed the return due
   * on `dueDate`: what penalty and interest would be computed on if it were filed today.
   */
  unfiledAmountsDue(userId: string, dueDate: string): Promise<Array<number | string>> {
    return this.repository.unfiledAmountsDue(userId, dueDate);
  }
}
