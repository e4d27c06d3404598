import { Confirm, useTranslate } from 'react-admin';
import type { ReportSummary } from './types';

interface Props {
  report: ReportSummary | null;
  loading: boolean;
  onConfirm: (report: ReportSummary) => void;
  onClose: () => void;
}

/** 'Are you sure you want to delete this report?' before a delete (spec §5). */
export const DeleteReportDialog = ({ report, loading, onConfirm, onClose }: Props) => {
  const translate = useTranslate();
  return (
    <Confirm
      isOpen={report !== null}
      loading={loading}
      title={translate('dashboard.delete.title')}
      content={translate('dashboard.delete.confirm')}
      confirm={translate('dashboard.delete.button')}
      cancel={translate('common.cancel')}
      confirmColor="warning"
      onConfirm={() => report && onConfirm(report)}
      onClose={onClose}
    />
  );
};
