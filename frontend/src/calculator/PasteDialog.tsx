import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ExcelImport } from './useExcelImport';
import { useEntryUnits } from './useEntryUnits';

/** The paste box (docs/product-spec.md §5 Paste data): one 'abbreviation, miles, gallons' line per jurisdiction. */
export const PasteDialog = ({ paste }: { paste: ExcelImport['paste'] }) => {
  const translate = useTranslate();
  const { metric } = useEntryUnits();
  return (
    <Dialog open={paste.open} onClose={paste.busy ? undefined : paste.close} fullWidth maxWidth="sm">
      <DialogTitle>{translate('calculator.excel.paste_title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('calculator.excel.paste_help')}
        </Typography>
        {metric ? (
          // The server reads a paste that names no unit in the account's unit.
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="paste-metric">
            {translate('calculator.excel.paste_metric')}
          </Typography>
        ) : null}
        <TextField
          autoFocus
          multiline
          minRows={6}
          name="pasteData"
          label={translate('calculator.excel.paste_label')}
          placeholder={translate('calculator.excel.paste_placeholder')}
          value={paste.text}
          onChange={(event) => paste.setText(event.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        {paste.problems ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="paste-error">
            {paste.problems.summary ? <Typography variant="body2">{paste.problems.summary}</Typography> : null}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {paste.problems.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={paste.close} disabled={paste.busy}>
          {translate('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void paste.submit()}
          disabled={paste.busy}
          startIcon={paste.busy ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {translate(paste.busy ? 'calculator.excel.paste_processing' : 'calculator.excel.paste_process')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
