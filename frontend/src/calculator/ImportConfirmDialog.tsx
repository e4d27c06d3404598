import { Confirm, useTranslate } from 'react-admin';
import type { ExcelImport } from './useExcelImport';

/** 'Loaded {n} records from Excel file/clipboard. Add to existing data?' (docs/product-spec.md §5 Imported entries). */
export const ImportConfirmDialog = ({ excel }: { excel: ExcelImport }) => {
  const translate = useTranslate();
  const pending = excel.pending;
  return (
    <Confirm
      isOpen={pending !== null}
      title={translate('calculator.excel.confirm_title')}
      content={translate(
        pending?.source === 'clipboard' ? 'calculator.excel.confirm_clipboard' : 'calculator.excel.confirm_excel',
        { count: pending?.rows.length ?? 0 },
      )}
      confirm={translate('calculator.excel.confirm_add')}
      cancel={translate('common.cancel')}
      onConfirm={excel.confirmPending}
      onClose={excel.cancelPending}
    />
  );
};
