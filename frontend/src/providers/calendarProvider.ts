import { body, client } from '../api/client';
import type { FilingCalendar, Report } from '../api/types';

/** The filing calendar's named calls (docs/style.md: components never build URLs). */
export interface CalendarMethods {
  getFilingCalendar: () => Promise<FilingCalendar>;
  /** Corrects the day a final report was filed; answers the report with its new penalty and interest. */
  updateReportFiling: (id: string, filedAt: string) => Promise<Report>;
}

export const calendarMethods: CalendarMethods = {
  getFilingCalendar: () => body(client.GET('/api/protected/filing-calendar')),
  updateReportFiling: (id, filedAt) =>
    body(
      client.PATCH('/api/protected/reports/{id}/filing', { params: { path: { id } }, body: { filed_at: filedAt } }),
    ) as Promise<Report>,
};
