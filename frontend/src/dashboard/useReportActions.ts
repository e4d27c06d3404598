import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../components/saveFile';
import { useNotifyFailure } from '../notifications/useNotifyFailure';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { exportFileName } from '../reports/useReportActions';
import { useDeleteReport } from '../reports/useDeleteReport';
import type { DashboardReportRow } from '../providers/dashboardProvider';

/**
 * Export and delete from the 'All Reports' table, through the reports resource's own calls, with the spec's
 * toasts (docs/product-spec.md §8): 'Error exporting report' / 'Error deleting report' with the server's reason beside them;
 * 'Report deleted' on success.
 */
export const useReportActions = () => {
  const dataProvider = useIftaDataProvider();
  const notifyFailure = useNotifyFailure();

  const exportReport = useMutation({
    mutationFn: async (report: DashboardReportRow) => {
      const file = await dataProvider.exportReport(report.id);
      saveFile(file.blob, exportFileName(report));
    },
    onError: (error) => notifyFailure(error, 'dashboard.export.failed'),
  });
  const deleteReport = useDeleteReport((error) => notifyFailure(error, 'dashboard.delete.failed'));
  return { exportReport, deleteReport };
};
