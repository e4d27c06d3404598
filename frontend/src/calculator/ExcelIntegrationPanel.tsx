import { useRef } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import TableViewIcon from '@mui/icons-material/TableView';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import { useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import type { ExcelImport } from './useExcelImport';

/** Excel Integration (docs/product-spec.md §2): download template, upload .xlsx with a progress bar, paste from clipboard. */
export const ExcelIntegrationPanel = ({ excel }: { excel: ExcelImport }) => {
  const translate = useTranslate();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = excel.uploadShare !== null;
  const percent = Math.round((excel.uploadShare ?? 0) * 100);

  return (
    <SectionCard id="excel-integration" title={translate('calculator.excel.title')} icon={<TableViewIcon />}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('calculator.excel.hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={excel.downloading ? <CircularProgress size={18} /> : <DownloadIcon />}
          disabled={excel.downloading}
          onClick={() => void excel.downloadTemplate()}
        >
          {translate(excel.downloading ? 'calculator.excel.downloading' : 'calculator.excel.download_template')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          {translate('calculator.excel.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="excel-file-input"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again after fixing it uploads it again.
            event.target.value = '';
            if (file) void excel.upload(file);
          }}
        />
        <Button variant="outlined" startIcon={<ContentPasteIcon />} onClick={() => void excel.paste.openBox()}>
          {translate('calculator.excel.paste')}
        </Button>
      </Box>
      {uploading ? (
        <Box sx={{ mt: 2 }} role="status">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {percent < 100
              ? translate('calculator.excel.uploading', { percent })
              : translate('calculator.excel.processing')}
          </Typography>
          <LinearProgress
            variant={percent < 100 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={translate('calculator.excel.upload')}
          />
        </Box>
      ) : null}
      {excel.fileProblems ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={excel.dismissFileProblems} data-testid="file-error">
          <AlertTitle>{translate('calculator.excel.file_error')}</AlertTitle>
          {excel.fileProblems.summary ? <Typography variant="body2">{excel.fileProblems.summary}</Typography> : null}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {excel.fileProblems.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </SectionCard>
  );
};
