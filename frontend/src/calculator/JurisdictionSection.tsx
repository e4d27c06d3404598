import { useMemo, useRef, useState } from 'react';
import { Button, LinearProgress, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ClearAllIcon from '@mui/icons-material/ClearAll';
import MapIcon from '@mui/icons-material/Map';
import { Confirm, useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import { JurisdictionCard } from './JurisdictionCard';
import { JurisdictionGrid } from './JurisdictionGrid';
import { RatePeriodOffers } from './RatePeriodOffers';
import type { CellPosition } from './gridKeys';
import type { LinePreview, ReportPreview } from './reportPreview';
import type { CalculatorActions } from './useCalculatorState';
import { useEntryUnits } from './useEntryUnits';
import type { CalculatorTaxRate, JurisdictionRow } from './types';

/** A line the preview has not reached yet (added a moment ago): nothing computed. */
const NO_FIGURES: LinePreview = { gallonsConsumed: 0, netGallons: 0, taxDue: 0, surchargeDue: 0 };

interface Props {
  rows: JurisdictionRow[];
  /** The live figures of every row, in the report's mode. */
  preview: ReportPreview;
  /** The rows `preview` was computed from, in its order: a moment behind `rows` while typing. */
  previewedRows: readonly JurisdictionRow[];
  /** The report's period, named by each official line's rate source. */
  period: string;
  rates: readonly CalculatorTaxRate[];
  /** The state drop-down is empty until the rates arrive; say so rather than look broken. */
  loadingRates: boolean;
  actions: Pick<CalculatorActions, 'addRow' | 'updateRow' | 'removeRow' | 'clearRows' | 'editRows' | 'appendRows'>;
}

/**
 * Jurisdiction Management (docs/product-spec.md §2): Add Jurisdiction, Clear after a confirmation, and the lines: one
 * table with a spreadsheet's keys from the md breakpoint up, one card per line on narrower screens.
 */
export const JurisdictionSection = ({ rows, preview, previewedRows, period, rates, loadingRates, actions }: Props) => {
  const translate = useTranslate();
  const units = useEntryUnits();
  // By line, not by position: a line just added or removed never shows its neighbour's figures meanwhile.
  const results = useMemo(
    () => new Map(previewedRows.map((row, index) => [row.id, preview.lines[index]])),
    [previewedRows, preview],
  );
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Read at once (noSsr), so a wide screen never draws the cards first and then swaps them for the table.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const focusRequest = useRef<CellPosition | null>(null);
  const add = () => {
    // In the table a new line takes the focus at its state, so typing can start at once.
    if (wide) focusRequest.current = { row: rows.length, col: 0 };
    actions.addRow();
  };
  return (
    <SectionCard
      id="jurisdictions"
      title={translate('calculator.jurisdictions.title')}
      icon={<MapIcon />}
      actions={
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={add}>
            {translate('calculator.jurisdictions.add')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<ClearAllIcon />}
            disabled={rows.length === 0}
            onClick={() => setConfirmingClear(true)}
          >
            {translate('calculator.jurisdictions.clear')}
          </Button>
        </>
      }
    >
      {loadingRates ? <LinearProgress aria-label={translate('app.loading')} sx={{ mb: 2 }} /> : null}
      {units.metric ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="entered-metric">
          {translate('calculator.jurisdictions.entered_metric', {
            mile: units.factors.milesPerKm,
            gallon: units.factors.gallonsPerLitre,
          })}
        </Typography>
      ) : null}
      {preview.mode === 'official' && preview.splits ? (
        <RatePeriodOffers splits={preview.splits} rows={previewedRows} period={period} actions={actions} />
      ) : null}
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate('calculator.jurisdictions.empty')}
        </Typography>
      ) : wide ? (
        <JurisdictionGrid
          rows={rows}
          results={results}
          official={preview.mode === 'official'}
          period={period}
          rates={rates}
          actions={actions}
          focusRequest={focusRequest}
        />
      ) : (
        <Stack spacing={2}>
          {rows.map((row, index) => (
            <JurisdictionCard
              key={row.id}
              row={row}
              index={index}
              result={results.get(row.id) ?? NO_FIGURES}
              official={preview.mode === 'official'}
              period={period}
              rates={rates}
              onChange={(patch) => actions.updateRow(row.id, patch)}
              onDelete={() => actions.removeRow(row.id)}
            />
          ))}
        </Stack>
      )}
      <Confirm
        isOpen={confirmingClear}
        title={translate('calculator.jurisdictions.clear_title')}
        content={translate('calculator.jurisdictions.clear_confirm')}
        confirm={translate('calculator.jurisdictions.clear')}
        cancel={translate('common.cancel')}
        confirmColor="warning"
        onConfirm={() => {
          actions.clearRows();
          setConfirmingClear(false);
        }}
        onClose={() => setConfirmingClear(false)}
      />
    </SectionCard>
  );
};
