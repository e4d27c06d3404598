/**
 * Where a company stands for one return: not started, a draft, filed on time, filed late, overdue (past its due date
 * with no final) or amended (its return as filed is an amended one).
 */
export const FILING_STATES = ['none', 'draft', 'overdue', 'final', 'filed_late', 'amended'] as const;
export type FilingState = (typeof FILING_STATES)[number];

/** What the reports of one company for one due date say. */
export interface CompanyReturnFacts {
  /** Any report at all (draft or final). */
  reported: boolean;
  /** A final report exists. */
  filed: boolean;
  /** The return as filed (its latest final) is an amended return. */
  amended: boolean;
  /** The return as filed was filed on or before the due date. */
  onTime: boolean;
}

/** One company's state for a return due on `dueDate`, seen on `today` (both ISO days). */
export function companyFilingState(facts: CompanyReturnFacts, dueDate: string, today: string): FilingState {
  if (facts.filed) return facts.amended ? 'amended' : facts.onTime ? 'final' : 'filed_late';
  if (today > dueDate) return 'overdue';
  return facts.reported ? 'draft' : 'none';
}

/** Most urgent first: a quarter shows the state of its least advanced company. */
const URGENCY: readonly FilingState[] = ['overdue', 'none', 'draft', 'filed_late', 'amended', 'final'];

/** The state of a quarter whose companies are in `states` (none of them: not started, or overdue once due). */
export function quarterFilingState(states: readonly FilingState[], dueDate: string, today: string): FilingState {
  if (states.length === 0) return today > dueDate ? 'overdue' : 'none';
  return URGENCY.find((state) => states.includes(state)) ?? 'none';
}

/** A quarter still waiting for its return: nothing filed for some company, or nothing at all. */
export const isUnfiled = (state: FilingState): boolean => state === 'none' || state === 'draft' || state === 'overdue';
