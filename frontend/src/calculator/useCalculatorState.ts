import { useCallback, useEffect, useMemo, useState } from 'react';
import { getStoredUser } from '../providers/authSession';
import { loadCalculator, saveCalculator } from './autosave';
import { emptyCalculator, newJurisdictionRow } from './calculatorState';
import type { CalculatorState, GeneralInfo, JurisdictionRow } from './types';

/** The calculator's state with its edits; every change is autosaved so a reload loses nothing. */
export const useCalculatorState = () => {
  const [state, setState] = useState<CalculatorState>(
    () => loadCalculator() ?? emptyCalculator(getStoredUser()?.company_name ?? ''),
  );

  useEffect(() => saveCalculator(state), [state]);

  const updateRows = useCallback(
    (change: (rows: JurisdictionRow[]) => JurisdictionRow[]) =>
      setState((current) => ({ ...current, jurisdictions: change(current.jurisdictions) })),
    [],
  );

  const actions = useMemo(
    () => ({
      // Written through at once: a save replaces the state and leaves the page in the same render, so
      // the autosave effect of this (unmounting) page would never run for it.
      replace: (next: CalculatorState) => {
        saveCalculator(next);
        setState(next);
      },
      updateGeneral: (patch: Partial<GeneralInfo>) =>
        setState((current) => ({ ...current, generalInfo: { ...current.generalInfo, ...patch } })),
      addRow: () => updateRows((rows) => [...rows, newJurisdictionRow()]),
      updateRow: (id: string, patch: Partial<JurisdictionRow>) =>
        updateRows((rows) => rows.map((row) => (row.id === id ? { ...row, ...patch } : row))),
      removeRow: (id: string) => updateRows((rows) => rows.filter((row) => row.id !== id)),
      clearRows: () => updateRows(() => []),
      appendRows: (added: JurisdictionRow[]) => updateRows((rows) => [...rows, ...added]),
    }),
    [updateRows],
  );

  return { state, ...actions };
};

export type CalculatorActions = Omit<ReturnType<typeof useCalculatorState>, 'state'>;
