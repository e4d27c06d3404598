import { httpClient } from './httpClient';
import type { FilingCalendar, Report } from '../api/types';

/** The filing calendar's named calls (docs/style.md: components never build URLs). */
export interface CalendarMethods {
  getFilingCalendar: () => Promise<FilingCalendar>;
  /** Corrects the day a final report was filed; answers the report with its new penalty and interest. */
  updateReportFiling: (id: string, filedAt: string) => Promise<Report>;
}

export const calendarMethods: CalendarMethods = {
  getFilingCalendar: async () => (await httpClient<FilingCalendar>('/api/protected/filing-calendar')).json,
  updateReportFiling: async (id, filedAt) =>
    (
      await httpClient<Report>(`/api/protected/reports/${encodeURIComponent(id)}/filing`, {
        method: 'PATCH',
        body: JSON.stringify({ filed_at: filedAt }),
      })
    ).json,
};
