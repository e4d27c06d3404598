import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { httpStatus } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { Report } from '../reports/types';
import { stateFromReport } from './calculatorState';
import type { CalculatorState } from './types';

const reportToLoad = (editId: string | null, state: CalculatorState): string | null =>
  editId && state.sourceReportId !== editId ? editId : null;

/**
 * `/calculator?edit={id}` reopens a report prefilled. When the autosave already holds that report's
 * edits (a reload mid-edit), they win and nothing is fetched. The decision is taken when the URL's id
 * changes, not on every state change: after a final save resets the state, the id still in the URL
 * must not bring the report back.
 */
export const useEditReport = (state: CalculatorState, replace: (next: CalculatorState) => void) => {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const dataProvider = useIftaDataProvider();
  const notify = useNotify();
  const [seenEditId, setSeenEditId] = useState(editId);
  const [pendingId, setPendingId] = useState(() => reportToLoad(editId, state));

  if (editId !== seenEditId) {
    setSeenEditId(editId);
    setPendingId(reportToLoad(editId, state));
  }

  useEffect(() => {
    if (!pendingId) return;
    let cancelled = false;
    dataProvider
      .getOne<Report>('reports', { id: pendingId })
      .then(({ data }) => {
        if (!cancelled) replace(stateFromReport(data));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        notify(httpStatus(error) === 404 ? 'reports.errors.not_found' : 'reports.errors.load_one', { type: 'error' });
      })
      .finally(() => {
        if (!cancelled) setPendingId(null);
      });
    return () => {
      cancelled = true;
    };
  }, [pendingId, dataProvider, notify, replace]);

  return { isLoadingReport: pendingId !== null };
};
