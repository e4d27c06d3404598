import type { CalculationSession, SessionEntryInput } from '../api/types';
import { rowFromEntry } from './calculatorState';
import { entryFromRow, sameEntries } from './sessionMerge';
import type { CalculatorState, CalculatorTaxRate, EntryToRead } from './types';

/**
 * What the calculator is working on: a new report, or one saved report. Its work (in this browser and in the
 * server's calculation session) is kept under this key, so opening one report never shows another's lines.
 */
export type WorkKey = 'new' | `report:${string}`;

export const NEW_WORK: WorkKey = 'new';

/** `/calculator?edit={id}` edits report {id}; `/calculator` the new report. */
export const workKeyOf = (editId: string | null | undefined): WorkKey => (editId ? `report:${editId}` : NEW_WORK);

export const reportIdOf = (key: WorkKey): string | null => (key === NEW_WORK ? null : key.slice('report:'.length));

export const isWorkKey = (value: unknown): value is WorkKey =>
  value === NEW_WORK || (typeof value === 'string' && /^report:.+/.test(value));

/** The key the work belongs to once saved: a saved draft is report {id}; anything else starts a new report. */
export const workKeyAfterSave = (state: CalculatorState): WorkKey => workKeyOf(state.reportId);

/** The work as the user typed it, without the row ids and edit toggles a comparison must not see. */
export const fingerprint = (state: CalculatorState): string =>
  JSON.stringify({
    info: state.generalInfo,
    rows: state.jurisdictions.map((row) => {
      // What was typed in kilometres is how the figures were entered, not figures of their own.
      const { id: _id, isNew: _isNew, isEditing: _isEditing, entered: _entered, ...figures } = row;
      return figures;
    }),
  });

/** One key's work as kept in this browser: the state, and the fingerprint of what is saved (the baseline). */
export interface StoredWork {
  key: WorkKey;
  state: CalculatorState;
  baseline: string;
  /** ISO time of the last change, to compare with the server's copy. */
  savedAt: string;
}

export const hasUnsavedEdits = (work: Pick<StoredWork, 'state' | 'baseline'> | null): boolean =>
  work !== null && fingerprint(work.state) !== work.baseline;

/** What a restore tells the user: whose work and how many lines. */
export interface RestoreNotice {
  key: WorkKey;
  reportName: string | null;
  lines: number;
  savedAt: string;
}

export const restoreNoticeOf = (key: WorkKey, state: CalculatorState, savedAt: string): RestoreNotice => ({
  key,
  reportName: state.sourceReportName,
  lines: state.jurisdictions.length,
  savedAt,
});

/**
 * A session's work as the calculator's state. It replaces the lines and the general information outright (a
 * restore never merges: merged copies of one line would count its miles twice) and keeps what only this browser
 * knows: which report is being edited, and the calculation mode.
 */
export const stateFromSession = (
  session: Pick<CalculationSession, 'company_name' | 'license_number' | 'tax_period' | 'average_mpg'> & {
    entries: readonly EntryToRead[];
  },
  state: CalculatorState,
  rates: readonly CalculatorTaxRate[],
): CalculatorState => ({
  ...state,
  generalInfo: {
    ...state.generalInfo,
    companyName: session.company_name || state.generalInfo.companyName,
    iftaLicenseNumber: session.license_number ?? '',
    taxPeriod: session.tax_period || state.generalInfo.taxPeriod,
    averageMPG: session.average_mpg ? String(session.average_mpg) : '',
  },
  jurisdictions: session.entries.map((entry) => rowFromEntry(entry, rates)),
});

export const entriesOf = (state: CalculatorState): SessionEntryInput[] =>
  state.jurisdictions.filter((row) => row.name.trim() !== '').map(entryFromRow);

const mpgOf = (value: string | number | null | undefined): number => Number(value || 0);

/** The server's copy of a key's work, as arrival compares it. */
export interface ServerWork {
  entries: SessionEntryInput[];
  average_mpg?: number | null;
  updated_at: string;
}

/**
 * On arrival at a key, whose work is shown: the server's copy when it differs from what is on screen and is
 * newer than this browser's own copy (or this browser has none); otherwise what is on screen stays.
 */
export const shouldRestoreFromServer = (
  onScreen: CalculatorState,
  localSavedAt: string | null,
  server: ServerWork | null,
): boolean => {
  if (!server) return false;
  const differs =
    !sameEntries(server.entries, entriesOf(onScreen)) ||
    mpgOf(server.average_mpg) !== mpgOf(onScreen.generalInfo.averageMPG.trim());
  if (!differs) return false;
  // A server copy with no lines never replaces lines on screen, whatever MPG it holds: the copy of a report's work
  // written as its lines left for the report (a save) is empty, and restoring it would show the report without them.
  if (server.entries.length === 0 && (entriesOf(onScreen).length > 0 || !server.average_mpg)) return false;
  return localSavedAt === null || Date.parse(server.updated_at) > Date.parse(localSavedAt);
};
