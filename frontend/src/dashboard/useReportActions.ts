import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { exportFileName } from '../reports/useReportActions';
import type { ReportSummary } from './types';

/**
 * Export and delete from the 'All Reports' table, through the reports resource's own calls, with the spec's
 * toasts (§8): the server's sentence when it sent one, else 'Error exporting report' / 'Error deleting report';
 * 'Report deleted' on success.
 */
export const useReportActions = () => {
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();

  const exportReport = useMutation({
    mutationFn: async (report: ReportSummary) => {
      const file = await dataProvider.exportReport(report.id);
      saveFile(file.blob, exportFileName(report));
    },
    onError: (error) => notify(errorMessage(error, 'dashboard.export.failed'), { type: 'error' }),
  });
  const deleteReport = useMutation({
    mutationFn: (report: ReportSummary) => dataProvider.delete('reports', { id: report.id, previousData: report }),
    onSuccess: () => {
      notify('dashboard.delete.done', { type: 'success' });
      // The whole 'reports' family: the dashboard's figures and pages and react-admin's report lists.
      return queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
    onError: (error) => notify(errorMessage(error, 'dashboard.delete.failed'), { type: 'error' }),
  });
  return { exportReport, deleteReport };
};
