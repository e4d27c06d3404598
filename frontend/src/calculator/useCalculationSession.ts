import { useCallback, useEffect, useRef, useState } from 'react';
import { toNumber } from '@ifta/index';
import { httpStatus } from '../providers/httpClient';
import { getStoredUser } from '../providers/authSession';
import type { CalculationSession, SessionEntryInput, SessionInput } from '../api/types';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { rowFromEntry } from './calculatorState';
import { commonEntries, entryFromRow, mergeRows, sameEntries } from './sessionMerge';
import type { CalculatorState, CalculatorTaxRate, JurisdictionRow } from './types';

/** Quiet time after the last keystroke before the work in progress is sent to the server. */
const SESSION_SAVE_DEBOUNCE_MS = 1000;

const storageKey = () => `calculator-session:${getStoredUser()?.id ?? 'anonymous'}`;
/** Stored when this browser ended its session (final save, New Report): start afresh, pick up nothing. */
const FRESH_START = 'fresh';

const storedSession = (): string | null => {
  try {
    return localStorage.getItem(storageKey());
  } catch {
    return null;
  }
};
const storedSessionId = (): string | null => {
  const stored = storedSession();
  return stored === FRESH_START ? null : stored;
};
const storeSession = (value: string | null) => {
  try {
    if (value) localStorage.setItem(storageKey(), value);
    else localStorage.removeItem(storageKey());
  } catch {
    // Without storage the session is found again as the latest one on the next visit.
  }
};

const isBlank = (state: CalculatorState) =>
  state.jurisdictions.length === 0 && state.generalInfo.averageMPG.trim() === '';

/** A line joins the session once it names its jurisdiction (the API requires the state). */
const isSaved = (row: JurisdictionRow) => row.name.trim() !== '';
const savedEntries = (state: CalculatorState) => state.jurisdictions.filter(isSaved).map(entryFromRow);

const inputOf = (state: CalculatorState, entries: SessionEntryInput[]): SessionInput => {
  const info = state.generalInfo;
  return {
    company_name: info.companyName,
    license_number: info.iftaLicenseNumber,
    tax_period: info.taxPeriod,
    period: info.taxPeriod,
    ...(info.averageMPG.trim() ? { average_mpg: toNumber(info.averageMPG) } : {}),
    entries,
  };
};

/** A session's work as the calculator's state, keeping what only this browser knows (the report being edited). */
const stateFromSession = (
  session: CalculationSession,
  state: CalculatorState,
  rates: readonly CalculatorTaxRate[],
): CalculatorState => ({
  ...state,
  generalInfo: {
    companyName: session.company_name || state.generalInfo.companyName,
    iftaLicenseNumber: session.license_number ?? '',
    taxPeriod: session.tax_period || state.generalInfo.taxPeriod,
    averageMPG: session.average_mpg ? String(session.average_mpg) : '',
  },
  jurisdictions: session.entries.map((entry) => rowFromEntry(entry, rates)),
});

/**
 * Work follows the user (issue 15): the calculator's state is autosaved, debounced, to a server-side
 * calculation session, so a report started on one computer continues on another (the latest open session is
 * picked up where the browser has no work of its own) and survives a cleared browser. The local copy
 * (autosave.ts) stays the offline fallback: a failed save is tried again with the next change. Before each
 * save the session is read and merged three ways (sessionMerge.ts), so two tabs never lose each other's rows.
 * 'New Report' starts a new session; a final save closes the session as completed.
 */
export const useCalculationSession = (
  state: CalculatorState,
  replace: (next: CalculatorState) => void,
  rates: readonly CalculatorTaxRate[],
) => {
  const dataProvider = useIftaDataProvider();
  const [sessionId, setSessionId] = useState<string | null>(storedSessionId);
  const [ready, setReady] = useState(false);
  /** The entries as this tab last saved or read them: the merge's common ancestor. */
  const base = useRef<SessionEntryInput[]>([]);
  const latest = useRef({ state, rates, sessionId });
  latest.current = { state, rates, sessionId };
  const saving = useRef(false);
  const again = useRef(false);
  /** The session this tab works in, set at once (state and `latest` follow only at the next render). */
  const activeSession = useRef(sessionId);

  const adopt = useCallback((session: CalculationSession | null, ended = false) => {
    activeSession.current = session?.id ?? null;
    base.current = session?.entries ?? [];
    storeSession(session?.id ?? (ended ? FRESH_START : null));
    setSessionId(session?.id ?? null);
  }, []);

  // On arrival: this browser's session, else (a browser that never had one) the account's latest open one; an
  // empty calculator takes its work. A browser that ended its session (final save, New Report) starts afresh.
  useEffect(() => {
    let cancelled = false;
    if (storedSession() === FRESH_START) {
      setReady(true);
      return;
    }
    const id = storedSessionId();
    const load = id
      ? dataProvider.getCalculationSession(id).catch((error: unknown) => {
          if (httpStatus(error) === 404) return dataProvider.getLatestCalculationSession();
          throw error;
        })
      : dataProvider.getLatestCalculationSession();
    load
      .then((session) => {
        if (cancelled) return;
        adopt(session);
        const { state: current, rates: known } = latest.current;
        if (session && isBlank(current) && session.entries.length > 0) {
          replace(stateFromSession(session, current, known));
        } else if (session && !isBlank(current)) {
          // This browser's own copy and the session may each hold lines the other lacks (work done elsewhere
          // meanwhile): with the lines they share as the ancestor, the first save keeps the lines of both.
          base.current = commonEntries(savedEntries(current), session.entries);
        }
      })
      .catch(() => undefined) // offline or refused: the local copy carries on
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [dataProvider, adopt, replace]);

  const save = useCallback(async (): Promise<void> => {
    const { state: first, sessionId: id } = latest.current;
    if (!id && isBlank(first)) return;
    if (saving.current) {
      // A save is on its way: this change goes with the next one, right after it.
      again.current = true;
      return;
    }
    saving.current = true;
    try {
      if (!id) {
        adopt(await dataProvider.createCalculationSession(inputOf(first, savedEntries(first))));
        return;
      }
      const server = await dataProvider.getCalculationSession(id);
      // The session ended while it was read (a final save, New Report): its lines are a report now or were set
      // aside, and merging them into the fresh calculator would bring them back.
      if (activeSession.current !== id) return;
      // Read after the wait, so keystrokes made meanwhile are merged, not overwritten.
      const { state: current, rates: known } = latest.current;
      let next = current;
      if (!sameEntries(server.entries, base.current)) {
        const named = current.jurisdictions.filter(isSaved);
        const merged = mergeRows(named, named.map(entryFromRow), base.current, server.entries, (entry) =>
          rowFromEntry(entry, known),
        );
        // Lines still being chosen (no jurisdiction yet) are this tab's alone; they stay where they are.
        next = { ...current, jurisdictions: [...merged, ...current.jurisdictions.filter((row) => !isSaved(row))] };
        replace(next);
      }
      // The server's lines are in this tab now: they are the common ancestor even if the write below fails.
      base.current = server.entries;
      const entries = savedEntries(next);
      await dataProvider.updateCalculationSession(id, inputOf(next, entries));
      if (activeSession.current === id) base.current = entries;
    } catch (error) {
      // A session deleted elsewhere is started again with the next change; anything else waits for it.
      if (httpStatus(error) === 404) adopt(null);
    } finally {
      saving.current = false;
      if (again.current) {
        again.current = false;
        window.setTimeout(() => void save(), SESSION_SAVE_DEBOUNCE_MS);
      }
    }
  }, [dataProvider, adopt, replace]);

  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => void save(), SESSION_SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [state, ready, save]);

  /** 'New Report': the next change starts a new session; the old one stays for whoever continues it. */
  const startNew = useCallback(() => adopt(null, true), [adopt]);

  /** After a final save the work is a report: the session is closed, and the next change starts another. */
  const complete = useCallback(() => {
    const id = latest.current.sessionId;
    adopt(null, true);
    if (id) void dataProvider.updateCalculationSession(id, { status: 'completed' }).catch(() => undefined);
  }, [dataProvider, adopt]);

  /** Entries an upload or paste appended on the server are already saved there (useExcelImport.ts). */
  const onAppended = useCallback((entries: SessionEntryInput[]) => {
    base.current = [...base.current, ...entries];
  }, []);

  return { sessionId, startNew, complete, onAppended };
};
