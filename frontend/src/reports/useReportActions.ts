import { useMutation } from '@tanstack/react-query';
import { HttpError, useNotify } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { serverErrorText } from '../providers/httpClient';
import { useNotifyFailure } from '../notifications/useNotifyFailure';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { useDeleteReport } from './useDeleteReport';
import type { Report } from '../api/types';
import { downloadBaseName } from './format';

/** docs/product-spec.md §7: the export is saved as '{name}_report.xlsx'; an amendment's as '{name}_Amendment-N_report.xlsx'. */
export const exportFileName = (report: Pick<Report, 'name'> & Partial<Pick<Report, 'amendment_number'>>): string =>
  `${downloadBaseName(report)}_report.xlsx`;

/** docs/product-spec.md §8 'Delete error: ' plus the server's error field, else the message; 'Error deleting report' when neither. */
const deleteFailure = (error: unknown): { key: string; message?: string } => {
  const reason =
    (error instanceof HttpError ? serverErrorText(error.body) : undefined) ?? (error as Error | null)?.message;
  return reason ? { key: 'reports.errors.delete_with_reason', message: reason } : { key: 'reports.errors.delete' };
};

/** Delete (after the caller's confirmation) and export of a report, with the spec's toasts. */
export const useReportActions = () => {
  const dataProvider = useIftaDataProvider();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();

  const remove = useDeleteReport((error) => {
    const failure = deleteFailure(error);
    notify(failure.key, { type: 'error', messageArgs: { message: failure.message } });
  });

  const exportReport = useMutation({
    mutationFn: async (report: Pick<Report, 'id' | 'name'> & Partial<Pick<Report, 'amendment_number'>>) => {
      const file = await dataProvider.exportReport(report.id);
      return { file, report };
    },
    onSuccess: ({ file, report }) => {
      if (file.blob.size === 0) {
        notify('reports.errors.export_file', { type: 'error' });
        return;
      }
      saveFile(file.blob, exportFileName(report));
    },
    onError: (error) => notifyFailure(error, 'reports.errors.export'),
  });

  return { remove, exportReport };
};
