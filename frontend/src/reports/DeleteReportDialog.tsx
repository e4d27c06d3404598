import { Confirm, useTranslate } from 'react-admin';
/** Any report-shaped row: the list's full reports and the dashboard's summaries alike. */
interface Props<T extends { name: string; status?: string }> {
  report: T | null;
  loading: boolean;
  onConfirm: (report: T) => void;
  onClose: () => void;
}

/**
 * 'Are you sure you want to delete this report?' before a delete (docs/product-spec.md §5); a filed return (final)
 * says what deleting it loses and that an amended return is the way to correct it.
 */
export const DeleteReportDialog = <T extends { name: string; status?: string }>({
  report,
  loading,
  onConfirm,
  onClose,
}: Props<T>) => {
  const translate = useTranslate();
  return (
    <Confirm
      isOpen={report !== null}
      loading={loading}
      title={translate('reports.delete.title', { name: report?.name ?? '' })}
      content={translate(report?.status === 'final' ? 'reports.delete.confirm_filed' : 'reports.delete.confirm')}
      confirm={translate('reports.delete.button')}
      cancel={translate('common.cancel')}
      confirmColor="warning"
      onConfirm={() => report && onConfirm(report)}
      onClose={onClose}
    />
  );
};
