import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetOne, useNotify } from 'react-admin';
import { getStoredUser } from '../providers/authSession';
import { httpStatus } from '../providers/httpClient';
import { REPORT_DETAIL_META } from '../reports/detailQuery';
import type { Report } from '../api/types';
import { forgetWork, loadCurrentWork, loadWork, saveCurrentWork, saveWork } from './autosave';
import { afterFinalSave, emptyCalculator, newJurisdictionRow, stateFromReport } from './calculatorState';
import { editAsEntered, linesAsEntered } from './entryUnits';
import { useEntryUnits } from './useEntryUnits';
import {
  NEW_WORK,
  fingerprint,
  hasUnsavedEdits,
  reportIdOf,
  restoreNoticeOf,
  workKeyAfterSave,
  workKeyOf,
  type RestoreNotice,
  type WorkKey,
} from './workSlots';
import type { CalculatorState, GeneralInfo, JurisdictionRow } from './types';

/** The work on screen: whose it is, the state, and the fingerprint of what is saved. */
interface Slot {
  key: WorkKey;
  state: CalculatorState;
  baseline: string;
  /** The report is being read; the state is a placeholder until it comes. */
  loading: boolean;
  /** The browser's copy had unsaved edits when the page opened: shown, and named, until dismissed. */
  restored: RestoreNotice | null;
  /** When the state last changed (ISO), or null for work nobody has touched since it was opened. */
  savedAt: string | null;
}

const blank = (): CalculatorState => emptyCalculator(getStoredUser()?.company_name ?? '');

const freshSlot = (key: WorkKey, state: CalculatorState = blank()): Slot => ({
  key,
  state,
  baseline: fingerprint(state),
  loading: key !== NEW_WORK,
  restored: null,
  savedAt: null,
});

/**
 * A report's work kept in this browser is shown at once; one with unsaved edits is restored (replacing, never
 * merging) and named. A report without unsaved edits here is read again, so it shows as it is saved now.
 */
const openSlot = (key: WorkKey): Slot => {
  const kept = loadWork(key);
  if (!kept) return freshSlot(key);
  const unsaved = hasUnsavedEdits(kept);
  return {
    key,
    state: kept.state,
    baseline: kept.baseline,
    loading: !unsaved && key !== NEW_WORK,
    restored: unsaved ? restoreNoticeOf(key, kept.state, kept.savedAt) : null,
    savedAt: kept.savedAt,
  };
};

/**
 * The calculator's state, keyed by what is being edited (workSlots.ts): `/calculator?edit={id}` is report {id},
 * `/calculator` the new report, or (when the work last opened was a report) that report again. Every change is
 * autosaved under its key, so a reload loses nothing and leaving one report for another keeps both apart.
 */
export const useCalculatorState = () => {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const notify = useNotify();
  const navigate = useNavigate();
  // The plain Calculator link continues the work last opened: a report's is shown under its own address.
  const [resumeId, setResumeId] = useState(() => (editId ? null : reportIdOf(loadCurrentWork() ?? NEW_WORK)));
  useEffect(() => {
    if (!resumeId) return;
    navigate(`/calculator?edit=${encodeURIComponent(resumeId)}`, { replace: true });
    setResumeId(null);
  }, [resumeId, navigate]);
  const key = workKeyOf(editId ?? resumeId);
  const [slot, setSlot] = useState<Slot>(() => openSlot(key));
  if (slot.key !== key) setSlot(openSlot(key));
  const written = useRef<string | null>(null);
  // Figures are kept in miles and gallons; an account that types kilometres and litres sees and edits the lines
  // converted (entryUnits.ts), so the edits below convert what was typed before it reaches the lines.
  const units = useEntryUnits();
  const entryRows = useMemo(() => linesAsEntered(slot.state.jurisdictions, units), [slot.state.jurisdictions, units]);

  const reportId = slot.loading ? reportIdOf(slot.key) : null;
  const { data, error } = useGetOne<Report>(
    'reports',
    { id: reportId ?? '', meta: REPORT_DETAIL_META },
    { enabled: reportId !== null, retry: false },
  );
  useEffect(() => {
    if (!reportId) return;
    if (data && String(data.id) === reportId) {
      const state = stateFromReport(data);
      setSlot((current) =>
        current.key === workKeyOf(reportId)
          ? { ...current, state, baseline: fingerprint(state), loading: false }
          : current,
      );
    } else if (error) {
      // A report deleted since this browser kept it still has its work here: it saves as a new report.
      const kept = loadWork(workKeyOf(reportId));
      if (!kept)
        notify(httpStatus(error) === 404 ? 'reports.errors.not_found' : 'reports.errors.load_one', { type: 'error' });
      setSlot((current) => (current.key === workKeyOf(reportId) ? { ...current, loading: false } : current));
    }
  }, [reportId, data, error, notify]);

  // A report left without unsaved edits is read again when it is next opened: its copy here is dropped, so the
  // browser keeps only work that is not saved anywhere else (and the new report's company and license).
  const previous = useRef(slot);
  useEffect(() => {
    const left = previous.current;
    previous.current = slot;
    if (left.key === slot.key || left.key === NEW_WORK || left.loading) return;
    if (fingerprint(left.state) === left.baseline) forgetWork(left.key);
  }, [slot]);

  useEffect(() => {
    if (slot.loading) return;
    saveCurrentWork(slot.key);
    const print = `${slot.key}|${fingerprint(slot.state)}|${slot.baseline}`;
    if (written.current === print) return;
    written.current = print;
    saveWork({
      key: slot.key,
      state: slot.state,
      baseline: slot.baseline,
      savedAt: slot.savedAt ?? new Date().toISOString(),
    });
  }, [slot]);

  const change = useCallback(
    (edit: (state: CalculatorState) => CalculatorState) =>
      setSlot((current) => ({ ...current, state: edit(current.state), savedAt: new Date().toISOString() })),
    [],
  );
  const updateRows = useCallback(
    (edit: (rows: JurisdictionRow[]) => JurisdictionRow[]) =>
      change((current) => ({ ...current, jurisdictions: edit(current.jurisdictions) })),
    [change],
  );

  const actions = useMemo(
    () => ({
      /** The work replaced in place (a restore from the server): unsaved, under the same key. */
      replace: (next: CalculatorState, notice: RestoreNotice | null = null) =>
        setSlot((current) => ({
          ...current,
          state: next,
          savedAt: new Date().toISOString(),
          restored: notice ?? current.restored,
        })),
      /**
       * After a save the work belongs to the saved draft (or, after a final save, a fresh new report): written
       * through at once, since the page leaves in the same render and its autosave effect would never run.
       */
      settle: (next: CalculatorState, from: WorkKey) => {
        const to = workKeyAfterSave(next);
        if (from !== to) forgetWork(from);
        const savedAt = new Date().toISOString();
        saveWork({ key: to, state: next, baseline: fingerprint(next), savedAt });
        saveCurrentWork(to);
        written.current = null;
        setSlot({ key: to, state: next, baseline: fingerprint(next), loading: false, restored: null, savedAt });
        return to;
      },
      /** New Report: a blank calculator (company and license kept); unsaved edits of this work are dropped. */
      startNew: () =>
        setSlot((current) => {
          if (current.key !== NEW_WORK) forgetWork(current.key);
          const state = afterFinalSave(current.state);
          return { ...freshSlot(NEW_WORK, state), savedAt: new Date().toISOString() };
        }),
      /** The restored edits set aside: the report as saved (read again), or a blank new report. */
      discardRestored: () =>
        setSlot((current) => {
          forgetWork(current.key);
          return current.key === NEW_WORK ? freshSlot(NEW_WORK, afterFinalSave(current.state)) : freshSlot(current.key);
        }),
      dismissRestored: () => setSlot((current) => ({ ...current, restored: null })),
      updateGeneral: (patch: Partial<GeneralInfo>) =>
        change((current) => ({ ...current, generalInfo: { ...current.generalInfo, ...patch } })),
      addRow: () => updateRows((rows) => [...rows, newJurisdictionRow()]),
      /** A patch of one line as shown (figures in the account's entry units). */
      updateRow: (id: string, patch: Partial<JurisdictionRow>) =>
        updateRows((rows) =>
          editAsEntered(rows, (shown) => shown.map((row) => (row.id === id ? { ...row, ...patch } : row)), units),
        ),
      removeRow: (id: string) => updateRows((rows) => rows.filter((row) => row.id !== id)),
      clearRows: () => updateRows(() => []),
      appendRows: (added: JurisdictionRow[]) => updateRows((rows) => [...rows, ...added]),
      /** Any edit of the lines as shown at once, from the lines as they are now (the grid's block paste). */
      editRows: (edit: (rows: JurisdictionRow[]) => JurisdictionRow[]) =>
        updateRows((rows) => editAsEntered(rows, edit, units)),
    }),
    [change, updateRows, units],
  );

  return {
    key: slot.key,
    state: slot.state,
    /** The lines as their fields show them: in kilometres and litres when the account types those. */
    entryRows,
    /** The units figures are typed in. */
    units,
    isLoadingReport: slot.loading,
    restored: slot.restored,
    /** The screen differs from what is saved: leaving for a new report or the browser's reload asks first. */
    unsaved: !slot.loading && fingerprint(slot.state) !== slot.baseline,
    /** When the work last changed here (null: untouched since opened), for the arrival's comparison. */
    savedAt: slot.savedAt,
    ...actions,
  };
};

export type CalculatorActions = Omit<
  ReturnType<typeof useCalculatorState>,
  'key' | 'state' | 'entryRows' | 'units' | 'isLoadingReport' | 'restored' | 'unsaved' | 'savedAt'
>;
