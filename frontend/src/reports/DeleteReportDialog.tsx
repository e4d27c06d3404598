import { Confirm, useTranslate } from 'react-admin';
import type { Report } from './types';

interface Props {
  report: Report | null;
  loading: boolean;
  onConfirm: (report: Report) => void;
  onClose: () => void;
}

/** 'Are you sure you want to delete this report?' before a delete (spec §5). */
export const DeleteReportDialog = ({ report, loading, onConfirm, onClose }: Props) => {
  const translate = useTranslate();
  return (
    <Confirm
      isOpen={report !== null}
      loading={loading}
      title={translate('reports.delete.title', { name: report?.name ?? '' })}
      content={translate('reports.delete.confirm')}
      confirm={translate('reports.delete.button')}
      cancel={translate('common.cancel')}
      confirmColor="warning"
      onConfirm={() => report && onConfirm(report)}
      onClose={onClose}
    />
  );
};
