import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { type RecordKind, recordsProvider } from '../providers/recordsProvider';

/** Downloads a template of this kind in the screen's language, as CSV or .xlsx, that imports as it is. */
export const TemplateMenu = ({ kind }: { kind: RecordKind }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    try {
      const { blob, fileName } = await recordsProvider.template(kind, format, locale);
      saveFile(blob, fileName ?? `${kind}-template.${format}`);
    } catch {
      notify('records.template.failed', { type: 'error' });
    }
  };
  return (
    <>
      <Button
        startIcon={<DownloadIcon />}
        aria-label={translate('records.template.label')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('records.template.open')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download('csv')}>{translate('records.template.csv')}</MenuItem>
        <MenuItem onClick={() => void download('xlsx')}>{translate('records.template.xlsx')}</MenuItem>
      </Menu>
    </>
  );
};
