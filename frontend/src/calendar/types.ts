/** Where an account stands for one return (GET /protected/filing-calendar). */
export type FilingState = 'none' | 'draft' | 'final' | 'filed_late';

export interface QuarterFiling {
  period: string;
  due_date: string;
  state: FilingState;
}

export interface FilingCalendar {
  today: string;
  period_type: 'quarterly' | 'monthly';
  periods: string[];
  default_period: string;
  next_due: QuarterFiling & { days_left: number };
  quarters: QuarterFiling[];
}

/** The filing fields every report carries (issue 13). */
export interface ReportFiling {
  due_date: string | null;
  filed_at: string | null;
  penalty: number | null;
  interest: number | null;
  interest_rate_missing: boolean;
}
