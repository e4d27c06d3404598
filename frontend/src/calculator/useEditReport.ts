import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGetOne, useNotify } from 'react-admin';
import { httpStatus } from '../providers/httpClient';
import { REPORT_DETAIL_META } from '../reports/detailQuery';
import type { Report } from '../api/types';
import { stateFromReport } from './calculatorState';
import type { CalculatorState } from './types';

const reportToLoad = (editId: string | null, state: CalculatorState): string | null =>
  editId && state.sourceReportId !== editId ? editId : null;

/**
 * `/calculator?edit={id}` reopens a report prefilled, read through react-admin's getOne cache (the entry the
 * detail page and every save share). When the autosave already holds that report's edits (a reload
 * mid-edit), they win and nothing is read. The decision is taken when the URL's id changes, not on every
 * state change: after a final save resets the state, the id still in the URL must not bring the report back.
 */
export const useEditReport = (state: CalculatorState, replace: (next: CalculatorState) => void) => {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const notify = useNotify();
  const [seenEditId, setSeenEditId] = useState(editId);
  const [pendingId, setPendingId] = useState(() => reportToLoad(editId, state));

  if (editId !== seenEditId) {
    setSeenEditId(editId);
    setPendingId(reportToLoad(editId, state));
  }

  const { data, error } = useGetOne<Report>(
    'reports',
    { id: pendingId ?? '', meta: REPORT_DETAIL_META },
    { enabled: pendingId !== null, retry: false },
  );

  useEffect(() => {
    if (!pendingId) return;
    if (data && String(data.id) === pendingId) {
      replace(stateFromReport(data));
      setPendingId(null);
    } else if (error) {
      notify(httpStatus(error) === 404 ? 'reports.errors.not_found' : 'reports.errors.load_one', { type: 'error' });
      setPendingId(null);
    }
  }, [pendingId, data, error, notify, replace]);

  return { isLoadingReport: pendingId !== null };
};
