import type { ReactNode } from 'react';
import { Box, Button, Chip, Grid, Paper, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { formatGallons, formatMoney, formatTaxRate } from '../reports/format';
import { RateSourceChip } from '../reports/RateSourceChip';
import { TaxAmount } from '../reports/TaxAmount';
import { isRowEditable, rateFor } from './calculatorState';
import { enteredLabel } from './entryUnits';
import { FuelTypeSelect } from './FuelTypeSelect';
import { LinePeriod } from './JurisdictionGrid';
import { fuelTypeOf } from './officialPreview';
import { StateSelect } from './StateSelect';
import { useEntryUnits } from './useEntryUnits';
import type { LinePreview } from './reportPreview';
import { atStoredScale } from './storedScale';
import type { CalculatorTaxRate, JurisdictionRow } from './types';

interface Props {
  row: JurisdictionRow;
  index: number;
  /** This row's live figures (reportPreview), as the saved report will show them. */
  result: LinePreview;
  /** Official mode asks for the fuel type and non-tax-paid gallons too, and says where each rate came from. */
  official: boolean;
  /** The report's period, named by the rate-source chip. */
  period: string;
  rates: readonly CalculatorTaxRate[];
  onChange: (patch: Partial<JurisdictionRow>) => void;
  onDelete: () => void;
}

type NumberField = 'totalMiles' | 'taxableMiles' | 'gallonsPurchased' | 'nonTaxPaidGallons';

/** One jurisdiction (docs/product-spec.md §2): its fields, Edit/Done/Delete, and its live results from the shared IFTA math. */
export const JurisdictionCard = ({ row, index, result, official, period, rates, onChange, onDelete }: Props) => {
  const translate = useTranslate();
  const units = useEntryUnits();
  const editable = isRowEditable(row);
  const number = index + 1;
  const label = row.name || translate('calculator.jurisdictions.unnamed', { number });
  const headingId = `jurisdiction-${row.id}-title`;
  // Official mode: the rate the preview (and the server) uses, from the quarter's table or typed on the line.
  const rate = official && result.taxRate !== undefined ? result.taxRate : row.taxRate;
  const surchargeRate = official ? (result.surchargeRate ?? 0) : 0;
  // The numbers follow the state as in the spec's card, so Tab runs state, miles, gallons; then fuel and rate.
  const sizes = official
    ? {
        state: { xs: 12, md: 4 },
        number: { xs: 12, sm: 6, md: 2 },
        fuel: { xs: 12, sm: 6, md: 4 },
        rate: { xs: 12, sm: 6, md: 4 },
      }
    : { state: { xs: 12, md: 4 }, rate: { xs: 12, sm: 6, md: 2 }, number: { xs: 12, sm: 6, md: 2 } };

  // The row's figures are shown in the account's entry units (kilometres and litres when it types those).
  const numberField = (field: NumberField, label: string, required: boolean, step: number) => (
    <TextField
      type="number"
      required={required}
      disabled={!editable}
      name={field}
      label={translate(enteredLabel(field, units, label))}
      value={row[field] ?? ''}
      onChange={(event) => onChange({ [field]: event.target.value })}
      onBlur={() =>
        onChange({ [field]: atStoredScale(row[field] ?? '', field.endsWith('Miles') ? 'miles' : 'gallons') })
      }
      slotProps={{ htmlInput: { min: 0, step, inputMode: 'decimal' } }}
    />
  );

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-testid="jurisdiction-card"
      sx={{ p: 2, borderColor: editable ? 'primary.light' : 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {translate('calculator.jurisdictions.card_title', { number })}
          {row.name ? ` · ${row.name}` : ''}
          {official && result.periodFrom && result.periodTo ? (
            <LinePeriod from={result.periodFrom} to={result.periodTo} />
          ) : null}
        </Typography>
        {row.isNew ? (
          <Chip size="small" color="primary" label={translate('calculator.jurisdictions.new_badge')} />
        ) : null}
        {editable ? (
          <Button
            size="small"
            variant="contained"
            startIcon={<CheckIcon />}
            aria-label={translate('calculator.jurisdictions.done_label', { name: label })}
            onClick={() => onChange({ isNew: false, isEditing: false })}
          >
            {translate('calculator.jurisdictions.done')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="outlined"
            startIcon={<EditIcon />}
            aria-label={translate('calculator.jurisdictions.edit_label', { name: label })}
            onClick={() => onChange({ isEditing: true })}
          >
            {translate('calculator.jurisdictions.edit')}
          </Button>
        )}
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          aria-label={translate('calculator.jurisdictions.delete_label', { name: label })}
          onClick={onDelete}
        >
          {translate('calculator.jurisdictions.delete')}
        </Button>
      </Box>
      <Grid
        container
        spacing={2}
        // A locked row stays readable: disabled only means "press Edit first", not "not applicable".
        sx={{ '& .MuiInputBase-input.Mui-disabled': { WebkitTextFillColor: 'rgba(15, 23, 42, 0.78)' } }}
      >
        <Grid size={sizes.state}>
          <StateSelect
            value={row.name}
            rates={rates}
            disabled={!editable}
            onChange={(name) => onChange({ name, taxRate: rateFor(name, rates) })}
          />
        </Grid>
        <Grid size={sizes.number}>{numberField('totalMiles', 'calculator.jurisdictions.total_miles', false, 1)}</Grid>
        <Grid size={sizes.number}>
          {numberField('taxableMiles', 'calculator.jurisdictions.taxable_miles', true, 1)}
        </Grid>
        <Grid size={sizes.number}>
          {numberField('gallonsPurchased', 'calculator.jurisdictions.gallons_purchased', true, 0.1)}
        </Grid>
        {official ? (
          <Grid size={sizes.number}>
            {numberField('nonTaxPaidGallons', 'official.non_tax_paid_gallons', false, 0.1)}
          </Grid>
        ) : null}
        {official ? (
          <Grid size={sizes.fuel}>
            <FuelTypeSelect
              value={fuelTypeOf(row)}
              disabled={!editable}
              onChange={(fuelType) => onChange({ fuelType })}
            />
          </Grid>
        ) : null}
        <Grid size={sizes.rate}>
          <TextField
            name="taxRate"
            label={translate('calculator.jurisdictions.tax_rate')}
            value={
              formatTaxRate(rate) +
              (surchargeRate ? ` + ${formatTaxRate(surchargeRate)} ${translate('official.schedule.surcharge')}` : '')
            }
            slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true }, inputLabel: { shrink: true } }}
            sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
          />
        </Grid>
      </Grid>
      <Box
        data-testid="jurisdiction-results"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: { xs: 2, md: 4 },
          mt: 2,
          pt: 1.5,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Result
          label={translate('calculator.jurisdictions.results.consumed')}
          value={formatGallons(result.gallonsConsumed)}
        />
        <Result label={translate('calculator.jurisdictions.results.net')} value={formatGallons(result.netGallons)} />
        <Result
          label={translate(
            result.taxDue < 0 ? 'calculator.jurisdictions.results.credit' : 'calculator.jurisdictions.results.tax_due',
          )}
          value={<TaxAmount value={result.taxDue} line />}
        />
        {official && (surchargeRate || result.surchargeDue) ? (
          <Result label={translate('official.schedule.surcharge')} value={formatMoney(result.surchargeDue)} />
        ) : null}
        {official && result.rateMissing ? (
          <Box sx={{ alignSelf: 'center' }}>
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={translate('official.rate_source.missing', { period })}
              data-testid="rate-source"
              data-source="missing"
            />
          </Box>
        ) : official && result.rateSource ? (
          <Box sx={{ alignSelf: 'center' }}>
            <RateSourceChip source={result.rateSource} period={period} from={result.provisionalFrom} />
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
};

const Result = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} component="div">
      {value}
    </Typography>
  </Box>
);
