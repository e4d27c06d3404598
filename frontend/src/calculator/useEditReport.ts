import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { httpStatus } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { Report } from '../reports/types';
import { stateFromReport } from './calculatorState';
import type { CalculatorState } from './types';

/**
 * `/calculator?edit={id}` reopens a report prefilled. When the autosave already holds that report's
 * edits (a reload mid-edit), they win and nothing is fetched.
 */
export const useEditReport = (state: CalculatorState, replace: (next: CalculatorState) => void) => {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const dataProvider = useIftaDataProvider();
  const notify = useNotify();
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const needsLoad = Boolean(editId) && state.sourceReportId !== editId;

  useEffect(() => {
    if (!needsLoad || !editId) return;
    let cancelled = false;
    setLoadingId(editId);
    dataProvider
      .getOne<Report>('reports', { id: editId })
      .then(({ data }) => {
        if (!cancelled) replace(stateFromReport(data));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        notify(httpStatus(error) === 404 ? 'reports.errors.not_found' : 'reports.errors.load_one', { type: 'error' });
      })
      .finally(() => {
        if (!cancelled) setLoadingId(null);
      });
    return () => {
      cancelled = true;
    };
  }, [needsLoad, editId, dataProvider, notify, replace]);

  return { isLoadingReport: loadingId !== null && loadingId === editId };
};
