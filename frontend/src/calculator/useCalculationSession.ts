import { useCallback, useEffect, useRef, useState } from 'react';
import { toNumber } from '@ifta/index';
import { httpStatus } from '../providers/httpClient';
import { storedWorkOwner } from '../providers/authSession';
import type { CalculationSession, SessionEntryInput, SessionInput } from '../api/types';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { rowFromEntry } from './calculatorState';
import { entryFromRow, mergeRows, sameEntries } from './sessionMerge';
import {
  NEW_WORK,
  entriesOf,
  restoreNoticeOf,
  shouldRestoreFromServer,
  stateFromSession,
  type RestoreNotice,
  type WorkKey,
} from './workSlots';
import type { CalculatorState, CalculatorTaxRate, JurisdictionRow } from './types';

/** Quiet time after the last keystroke before the work in progress is sent to the server. */
const SESSION_SAVE_DEBOUNCE_MS = 1000;

/** Stored when this browser ended a work's session (final save, New Report): start afresh, pick up nothing. */
const FRESH_START = 'fresh';

/** This browser's session for each piece of work (workSlots.ts), or FRESH_START. */
const storageKey = () => `calculator-sessions:${storedWorkOwner() ?? 'anonymous'}`;
const storedSessions = (): Record<string, string> => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey()) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
};
const storedSession = (key: WorkKey): string | null => storedSessions()[key] ?? null;
const storeSession = (key: WorkKey, value: string | null) => {
  try {
    const sessions = storedSessions();
    if (value) sessions[key] = value;
    else delete sessions[key];
    localStorage.setItem(storageKey(), JSON.stringify(sessions));
  } catch {
    // Without storage the session is found again by its name on the next visit.
  }
};

const isBlank = (state: CalculatorState) =>
  state.jurisdictions.length === 0 && state.generalInfo.averageMPG.trim() === '';

/** A line joins the session once it names its jurisdiction (the API requires the state). */
const isSaved = (row: JurisdictionRow) => row.name.trim() !== '';

const inputOf = (key: WorkKey, state: CalculatorState, entries: SessionEntryInput[]): SessionInput => {
  const info = state.generalInfo;
  return {
    name: key,
    company_name: info.companyName,
    license_number: info.iftaLicenseNumber,
    tax_period: info.taxPeriod,
    period: info.taxPeriod,
    ...(info.averageMPG.trim() ? { average_mpg: toNumber(info.averageMPG) } : {}),
    entries,
  };
};

interface Work {
  key: WorkKey;
  state: CalculatorState;
  /** The state is final for this key (the report it edits has been read). */
  ready: boolean;
  /** When this browser last changed the work, or null when it has no copy of its own. */
  savedAt: string | null;
}

/**
 * Work follows the user: the calculator's state is autosaved, debounced, to a server-side calculation session
 * named after the work it holds (the new report, or report {id}: workSlots.ts), so a report started or edited on
 * one computer continues on another and survives a cleared browser. On arrival at a piece of work the server's
 * copy replaces what is on screen when it is newer and differs; it is never merged in, and the restore is named.
 * While the page is open, each save reads the session first and merges three ways (sessionMerge.ts), so two tabs
 * on the same work never lose each other's rows. 'New Report' starts a new session; a final save closes it.
 */
export const useCalculationSession = (
  work: Work,
  replace: (next: CalculatorState, notice: RestoreNotice | null) => void,
  rates: readonly CalculatorTaxRate[],
) => {
  const dataProvider = useIftaDataProvider();
  const { key, state, ready: workReady } = work;
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [arrived, setArrived] = useState<WorkKey | null>(null);
  /** The entries as this tab last saved or read them: the merge's common ancestor. */
  const base = useRef<SessionEntryInput[]>([]);
  const latest = useRef({ work, rates, sessionId });
  latest.current = { work, rates, sessionId };
  const saving = useRef(false);
  const again = useRef(false);
  /** The session this tab works in, set at once (state and `latest` follow only at the next render). */
  const activeSession = useRef<string | null>(null);
  /** Work whose edits were discarded: a session created for it by a save already on its way is ended at once. */
  const discarded = useRef(new Set<WorkKey>());

  const adopt = useCallback((forKey: WorkKey, session: CalculationSession | null, ended = false) => {
    activeSession.current = session?.id ?? null;
    base.current = session?.entries ?? [];
    storeSession(forKey, session?.id ?? (ended ? FRESH_START : null));
    setSessionId(session?.id ?? null);
  }, []);

  // On arrival at a piece of work: its session (this browser's, else the newest of that name). The server's copy
  // replaces the screen's when newer and different; either way it becomes the ancestor, so the first save writes
  // what is on screen rather than a merge of both.
  useEffect(() => {
    if (!workReady) return;
    let cancelled = false;
    discarded.current.delete(key); // opened again: its new edits are kept
    activeSession.current = null;
    setSessionId(null);
    const stored = storedSession(key);
    if (stored === FRESH_START) {
      base.current = [];
      setArrived(key);
      return;
    }
    const byName = () => dataProvider.findCalculationSession(key, key === NEW_WORK);
    const load = stored
      ? dataProvider.getCalculationSession(stored).catch((error: unknown) => {
          if (httpStatus(error) === 404) return byName();
          throw error;
        })
      : byName();
    load
      .then((session) => {
        if (cancelled) return;
        const usable = session && session.status === 'draft' ? session : null;
        adopt(key, usable);
        const { work: current, rates: known } = latest.current;
        if (usable && shouldRestoreFromServer(current.state, current.savedAt, usable)) {
          const restored = stateFromSession(usable, current.state, known);
          replace(restored, restoreNoticeOf(key, restored, usable.updated_at));
        }
      })
      .catch(() => undefined) // offline or refused: the local copy carries on
      .finally(() => {
        if (!cancelled) setArrived(key);
      });
    return () => {
      cancelled = true;
    };
    // Once per piece of work: later changes of the state are the autosave's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, workReady, dataProvider, adopt]);

  const ready = workReady && arrived === key;

  /** Ends a session as a final save does: no longer offered to continue, kept for the record. */
  const endSession = useCallback(
    (id: string) =>
      dataProvider.updateCalculationSession(id, { status: 'completed' }).then(
        () => undefined,
        () => undefined,
      ),
    [dataProvider],
  );

  const save = useCallback(async (): Promise<void> => {
    const {
      work: { key: forKey, state: first },
      sessionId: id,
    } = latest.current;
    if (!id && isBlank(first)) return;
    if (saving.current) {
      // A save is on its way: this change goes with the next one, right after it.
      again.current = true;
      return;
    }
    saving.current = true;
    try {
      if (!id) {
        const created = await dataProvider.createCalculationSession(inputOf(forKey, first, entriesOf(first)));
        if (latest.current.work.key === forKey) adopt(forKey, created);
        else if (discarded.current.has(forKey)) await endSession(created.id);
        return;
      }
      const server = await dataProvider.getCalculationSession(id);
      // The session ended while it was read (a save, New Report, another report opened): its lines are a report
      // now or belong to other work, and merging them in would bring them back here.
      if (activeSession.current !== id) return;
      // Read after the wait, so keystrokes made meanwhile are merged, not overwritten.
      const {
        work: { state: current },
        rates: known,
      } = latest.current;
      let next = current;
      if (!sameEntries(server.entries, base.current)) {
        const named = current.jurisdictions.filter(isSaved);
        const merged = mergeRows(named, named.map(entryFromRow), base.current, server.entries, (entry) =>
          rowFromEntry(entry, known),
        );
        // Lines still being chosen (no jurisdiction yet) are this tab's alone; they stay where they are.
        next = { ...current, jurisdictions: [...merged, ...current.jurisdictions.filter((row) => !isSaved(row))] };
        replace(next, null);
      }
      // The server's lines are in this tab now: they are the common ancestor even if the write below fails.
      base.current = server.entries;
      const entries = entriesOf(next);
      await dataProvider.updateCalculationSession(id, inputOf(forKey, next, entries));
      if (activeSession.current === id) base.current = entries;
    } catch (error) {
      // A session deleted elsewhere is started again with the next change; anything else waits for it.
      if (httpStatus(error) === 404 && activeSession.current === id) adopt(forKey, null);
    } finally {
      saving.current = false;
      if (again.current) {
        again.current = false;
        window.setTimeout(() => void save(), SESSION_SAVE_DEBOUNCE_MS);
      }
    }
  }, [dataProvider, adopt, replace, endSession]);

  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => void save(), SESSION_SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [state, ready, save]);

  /** 'New Report': the next change starts a new session; the old one stays for whoever continues it. */
  const startNew = useCallback(() => {
    adopt(NEW_WORK, null, true);
    setArrived(NEW_WORK);
  }, [adopt]);

  /**
   * 'Discard and start new': the edits of this work are dropped on the server too, so the report opens again as
   * saved, with nothing to restore. On a busy machine the autosave had often written them before the click; only a
   * quick discard used to beat it.
   */
  const discard = useCallback(() => {
    const {
      work: { key: forKey },
      sessionId: id,
    } = latest.current;
    discarded.current.add(forKey);
    storeSession(forKey, null);
    if (id) void endSession(id);
    startNew();
  }, [endSession, startNew]);

  /**
   * After a save: a draft's session now holds that report's work and is named after it; a final save closes it
   * (the work is a report), and the next change starts another.
   */
  const settle = useCallback(
    (from: WorkKey, to: WorkKey, final: boolean) => {
      const id = latest.current.sessionId;
      activeSession.current = null;
      storeSession(from, from === NEW_WORK ? FRESH_START : null);
      if (final) {
        storeSession(to, FRESH_START);
        if (id) void dataProvider.updateCalculationSession(id, { status: 'completed' }).catch(() => undefined);
        return;
      }
      if (!id) return;
      storeSession(to, id);
      if (from !== to) void dataProvider.updateCalculationSession(id, { name: to }).catch(() => undefined);
    },
    [dataProvider],
  );

  /** Entries an upload or paste appended on the server are already saved there (useExcelImport.ts). */
  const onAppended = useCallback((entries: SessionEntryInput[]) => {
    base.current = [...base.current, ...entries];
  }, []);

  return { sessionId, startNew, discard, settle, onAppended };
};
