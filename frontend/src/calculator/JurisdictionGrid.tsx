import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
  type MutableRefObject,
} from 'react';
import {
  Autocomplete,
  Box,
  IconButton,
  InputBase,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import HourglassIcon from '@mui/icons-material/HourglassBottomOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';
import { FUEL_TYPES } from '@ifta/index';
import { formatGallons, formatMoney, formatTaxRate } from '../reports/format';
import { TaxAmount } from '../reports/TaxAmount';
import { formatDay } from '../calendar/displaySettings';
import { matrixQuarterName } from '../tax-rates/rateHistory';
import { isRowEditable, rateFor, stateChoices, stateLabel } from './calculatorState';
import { enteredLabel } from './entryUnits';
import {
  gridColumns,
  gridHandles,
  gridKeyOf,
  isBlock,
  matchStates,
  nextCell,
  parseBlock,
  pasteBlock,
  type CellKind,
  type CellPosition,
  type GridColumn,
} from './gridKeys';
import { fuelTypeOf } from './officialPreview';
import type { LinePreview } from './reportPreview';
import { atStoredScale } from './storedScale';
import type { CalculatorTaxRate, JurisdictionRow } from './types';
import type { CalculatorActions } from './useCalculatorState';
import { useEntryUnits } from './useEntryUnits';

type NumberColumn = Exclude<GridColumn, 'name' | 'fuelType'>;
type UpdateRow = CalculatorActions['updateRow'];

/** Read by screen readers, not drawn: the row header's state and the results' labels. */
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const cellId = (row: number, col: number) => `${row}:${col}`;

/** Each column's header and the words of its cells' names ("Total Miles, line 3"). */
const COLUMN_LABELS: Record<GridColumn, string> = {
  name: 'calculator.jurisdictions.state',
  fuelType: 'rateHistory.filters.fuel_type',
  totalMiles: 'calculator.jurisdictions.total_miles',
  taxableMiles: 'calculator.jurisdictions.taxable_miles',
  gallonsPurchased: 'calculator.jurisdictions.gallons_purchased',
  nonTaxPaidGallons: 'official.non_tax_paid_gallons',
};

const COLUMN_WIDTHS: Record<GridColumn, number> = {
  name: 168,
  fuelType: 104,
  totalMiles: 88,
  taxableMiles: 88,
  gallonsPurchased: 88,
  nonTaxPaidGallons: 88,
};

/** The look every cell shares: a compact box whose focus is plain to see. */
const inputSx = {
  width: '100%',
  fontSize: '0.875rem',
  '& input, & .MuiSelect-select': { py: 0.75, px: 1 },
  '&.Mui-focused, &:has(.Mui-focused)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '& input[readonly][aria-disabled="true"], & [aria-disabled="true"]': { color: 'text.secondary' },
} as const;

/**
 * When Tab, Enter or an arrow moves to a cell off screen, the page scrolls it clear of the sticky top bar and keeps
 * about three lines below it in view, as a spreadsheet keeps the next rows visible. It also keeps the cell being
 * typed into away from the window's bottom edge: there, headless Chromium drew a keystroke only at the caret's next
 * blink, half a second later (docs/PERFORMANCE.md, "Web vitals").
 */
const CELL_SCROLL_MARGIN = { scrollMarginTop: 80, scrollMarginBottom: 120 } as const;

const numberSx = {
  ...inputSx,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  '& input': { py: 0.75, px: 1, textAlign: 'right', MozAppearance: 'textfield' },
  // No spin buttons: the arrows move between cells here, and the buttons would crowd a narrow cell.
  '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', m: 0 },
} as const;

interface NumberCellProps {
  rowId: string;
  field: NumberColumn;
  value: string;
  label: string;
  cell: string;
  locked: boolean;
  updateRow: UpdateRow;
}

/** A number cell: a real number input; its value is kept at the stored scale when the focus leaves it. */
const NumberCell = memo(function NumberCell({ rowId, field, value, label, cell, locked, updateRow }: NumberCellProps) {
  return (
    <InputBase
      type="number"
      name={field}
      value={value}
      readOnly={locked}
      onChange={(event) => updateRow(rowId, { [field]: event.target.value })}
      onBlur={(event) => {
        const scaled = atStoredScale(event.target.value, field.endsWith('Miles') ? 'miles' : 'gallons');
        if (scaled !== event.target.value) updateRow(rowId, { [field]: scaled });
      }}
      sx={numberSx}
      inputProps={{
        'aria-label': label,
        'aria-disabled': locked || undefined,
        'data-cell': cell,
        'data-kind': 'number' satisfies CellKind,
        min: 0,
        step: 'any',
        inputMode: 'decimal',
      }}
    />
  );
});

interface StateCellProps {
  rowId: string;
  value: string;
  rates: readonly CalculatorTaxRate[];
  choices: readonly CalculatorTaxRate[];
  label: string;
  cell: string;
  locked: boolean;
  updateRow: UpdateRow;
}

const stateText = (option: CalculatorTaxRate) =>
  option.abbreviation ? `${option.name} (${option.abbreviation})` : option.name;

/**
 * The state cell: type a name or a code and the best match is highlighted; Enter, Tab or leaving the cell picks it.
 * The list shows each state as the cards' drop-down does, 'Name (ABBR) - $rate'.
 */
const StateCell = memo(function StateCell({
  rowId,
  value,
  rates,
  choices,
  label,
  cell,
  locked,
  updateRow,
}: StateCellProps) {
  const selected = choices.find((choice) => choice.name === value);
  // A saved or imported name that is no longer an active rate still shows, so the line never looks blank.
  const orphan = useMemo<CalculatorTaxRate | null>(
    () =>
      value && !selected ? { id: `orphan-${value}`, name: value, abbreviation: '', rate: 0, is_active: false } : null,
    [value, selected],
  );
  const options = useMemo(() => (orphan ? [orphan, ...choices] : choices), [orphan, choices]);
  return (
    <Autocomplete
      options={options}
      // An empty line has no value yet; there is nothing to clear, so no clear button either.
      value={(selected ?? orphan) as CalculatorTaxRate}
      readOnly={locked}
      autoHighlight
      autoSelect
      disableClearable
      forcePopupIcon={false}
      getOptionLabel={stateText}
      isOptionEqualToValue={(option, current) => option.name === current.name}
      filterOptions={(all, { inputValue }) => (inputValue.trim() ? matchStates(inputValue, rates) : all)}
      onChange={(_event, choice) => {
        if (choice && choice.name !== value)
          updateRow(rowId, { name: choice.name, taxRate: rateFor(choice.name, rates) });
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.abbreviation ? stateLabel(option) : option.name}
        </li>
      )}
      slotProps={{ paper: { sx: { minWidth: 280 } }, listbox: { sx: { maxHeight: 320 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          slotProps={{
            htmlInput: {
              ...params.inputProps,
              'aria-label': label,
              'aria-disabled': locked || undefined,
              'data-cell': cell,
              'data-kind': 'text' satisfies CellKind,
            },
          }}
          sx={{
            ...inputSx,
            '& .MuiOutlinedInput-root': { py: 0, pl: 0, fontSize: '0.875rem' },
            '& .MuiOutlinedInput-root .MuiAutocomplete-input': { py: 0.75, px: 1 },
          }}
        />
      )}
    />
  );
});

interface FuelCellProps {
  rowId: string;
  value: string;
  label: string;
  cell: string;
  locked: boolean;
  updateRow: UpdateRow;
}

/** An official line's fuel type. Space opens the list; Enter and the arrows move on, as in every cell. */
const FuelCell = memo(function FuelCell({ rowId, value, label, cell, locked, updateRow }: FuelCellProps) {
  const translate = useTranslate();
  return (
    <Select
      size="small"
      value={value}
      readOnly={locked}
      onChange={(event) => updateRow(rowId, { fuelType: event.target.value })}
      inputProps={{ 'aria-label': label }}
      SelectDisplayProps={
        {
          'data-cell': cell,
          'data-kind': 'select' satisfies CellKind,
          'aria-disabled': locked || undefined,
        } as object
      }
      sx={inputSx}
      MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
    >
      {FUEL_TYPES.map((fuel) => (
        <MenuItem key={fuel} value={fuel}>
          {translate(`rateHistory.fuel_types.${fuel}`)}
        </MenuItem>
      ))}
    </Select>
  );
});

const SOURCE_ICONS = {
  official: { color: 'success.main', icon: TableRowsIcon },
  override: { color: 'info.main', icon: TableRowsIcon },
  typed: { color: 'warning.main', icon: EditNoteIcon },
  provisional: { color: 'warning.main', icon: HourglassIcon },
} as const;

/** Where an official line's rate came from, as an icon whose words are its tooltip and its accessible text. */
const RateSource = ({ result, period }: { result: LinePreview; period: string }) => {
  const translate = useTranslate();
  if (!result.rateMissing && !result.rateSource) return null;
  const text = result.rateMissing
    ? translate('official.rate_source.missing', { period })
    : translate(`official.rate_source.${result.rateSource}`, {
        period,
        from: matrixQuarterName(result.provisionalFrom ?? ''),
      });
  const look = result.rateMissing
    ? { color: 'error.main', icon: ErrorIcon }
    : (SOURCE_ICONS[result.rateSource as keyof typeof SOURCE_ICONS] ?? SOURCE_ICONS.typed);
  const Icon = look.icon;
  return (
    <Tooltip title={text}>
      <Box
        component="span"
        data-testid="rate-source"
        data-source={result.rateMissing ? 'missing' : result.rateSource}
        sx={{ display: 'inline-flex', color: look.color, verticalAlign: 'middle' }}
      >
        <Icon fontSize="small" aria-hidden />
        <Box component="span" sx={hidden}>
          {text}
        </Box>
      </Box>
    </Tooltip>
  );
};

/** The days a line of a jurisdiction split into rate periods reports, under its jurisdiction. */
export const LinePeriod = ({ from, to }: { from: string; to: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" component="div" data-testid="rate-period">
      {translate('official.rate_period.line', { from: formatDay(from), to: formatDay(to) })}
    </Typography>
  );
};

interface RowProps {
  row: JurisdictionRow;
  index: number;
  result: LinePreview | undefined;
  official: boolean;
  period: string;
  columns: readonly GridColumn[];
  rates: readonly CalculatorTaxRate[];
  choices: readonly CalculatorTaxRate[];
  updateRow: UpdateRow;
  removeRow: CalculatorActions['removeRow'];
}

const RESULT_FIELDS = [
  'gallonsConsumed',
  'netGallons',
  'taxDue',
  'surchargeDue',
  'taxRate',
  'surchargeRate',
  'rateSource',
  'provisionalFrom',
  'rateMissing',
  'periodFrom',
  'periodTo',
] as const;

/**
 * A line re-renders only when its own values or its own figures change: the preview is recomputed on every
 * keystroke, so its line objects are new each time even where their numbers are not.
 */
const sameRow = (before: RowProps, after: RowProps): boolean =>
  before.row === after.row &&
  before.index === after.index &&
  before.official === after.official &&
  before.period === after.period &&
  before.columns === after.columns &&
  before.rates === after.rates &&
  before.choices === after.choices &&
  before.updateRow === after.updateRow &&
  before.removeRow === after.removeRow &&
  RESULT_FIELDS.every((field) => before.result?.[field] === after.result?.[field]);

const GridRow = memo(function GridRow({
  row,
  index,
  result,
  official,
  period,
  columns,
  rates,
  choices,
  updateRow,
  removeRow,
}: RowProps) {
  const translate = useTranslate();
  const units = useEntryUnits();
  const line = index + 1;
  const locked = !isRowEditable(row);
  const name = row.name || translate('calculator.jurisdictions.unnamed', { number: line });
  const labelOf = (column: GridColumn) =>
    translate('calculator.grid.cell_label', {
      field: translate(enteredLabel(column, units, COLUMN_LABELS[column])),
      line,
    });
  const rate = official && result?.taxRate !== undefined ? result.taxRate : row.taxRate;
  const surchargeRate = official ? (result?.surchargeRate ?? 0) : 0;
  const rateText =
    formatTaxRate(rate) +
    (surchargeRate ? ` + ${formatTaxRate(surchargeRate)} ${translate('official.schedule.surcharge')}` : '');
  const taxDue = result?.taxDue ?? 0;

  return (
    <TableRow
      data-testid="jurisdiction-card"
      data-line={line}
      sx={{ '& > td, & > th': { px: 0.5, py: 0.25 }, bgcolor: locked ? 'action.hover' : undefined }}
    >
      <TableCell
        component="th"
        scope="row"
        sx={{ color: 'text.secondary', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
      >
        {line}
        <Box component="span" sx={hidden}>
          {` ${row.name}`}
        </Box>
      </TableCell>
      {columns.map((column, col) => {
        const cell = cellId(index, col);
        const label = labelOf(column);
        return (
          <TableCell key={column}>
            {column === 'name' ? (
              <>
                <StateCell
                  rowId={row.id}
                  value={row.name}
                  rates={rates}
                  choices={choices}
                  label={label}
                  cell={cell}
                  locked={locked}
                  updateRow={updateRow}
                />
                {official && result?.periodFrom && result.periodTo ? (
                  <LinePeriod from={result.periodFrom} to={result.periodTo} />
                ) : null}
              </>
            ) : column === 'fuelType' ? (
              <FuelCell
                rowId={row.id}
                value={fuelTypeOf(row)}
                label={label}
                cell={cell}
                locked={locked}
                updateRow={updateRow}
              />
            ) : (
              <NumberCell
                rowId={row.id}
                field={column}
                value={row[column] ?? ''}
                label={label}
                cell={cell}
                locked={locked}
                updateRow={updateRow}
              />
            )}
          </TableCell>
        );
      })}
      <TableCell>
        <InputBase
          value={rateText}
          readOnly
          title={rateText}
          sx={{ ...inputSx, bgcolor: 'action.hover', borderRadius: 1 }}
          inputProps={{
            tabIndex: -1,
            name: 'taxRate',
            'aria-label': translate('calculator.grid.cell_label', {
              field: translate('calculator.jurisdictions.tax_rate'),
              line,
            }),
          }}
        />
      </TableCell>
      <TableCell data-testid="jurisdiction-results" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '72px 72px 84px 20px',
            alignItems: 'center',
            gap: 0.5,
            textAlign: 'right',
          }}
        >
          <span>
            <Box component="span" sx={hidden}>
              {`${translate('calculator.jurisdictions.results.consumed')}: `}
            </Box>
            {formatGallons(result?.gallonsConsumed ?? 0)}
          </span>
          <span>
            <Box component="span" sx={hidden}>
              {`${translate('calculator.jurisdictions.results.net')}: `}
            </Box>
            {formatGallons(result?.netGallons ?? 0)}
          </span>
          <span>
            <Box component="span" sx={hidden}>
              {`${translate(taxDue < 0 ? 'calculator.jurisdictions.results.credit' : 'calculator.jurisdictions.results.tax_due')}: `}
            </Box>
            <span data-testid="line-tax-due">
              <TaxAmount value={taxDue} line />
            </span>
            {official && (surchargeRate || result?.surchargeDue) ? (
              <Box component="span" sx={hidden}>
                {` ${translate('official.schedule.surcharge')}: ${formatMoney(result?.surchargeDue ?? 0)}`}
              </Box>
            ) : null}
          </span>
          <span>{official && result ? <RateSource result={result} period={period} /> : null}</span>
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {locked ? (
          <IconButton
            size="small"
            aria-label={translate('calculator.jurisdictions.edit_label', { name })}
            onClick={() => updateRow(row.id, { isEditing: true })}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        ) : (
          <IconButton
            size="small"
            color="primary"
            aria-label={translate('calculator.jurisdictions.done_label', { name })}
            onClick={() => updateRow(row.id, { isNew: false, isEditing: false })}
          >
            <CheckIcon fontSize="small" />
          </IconButton>
        )}
        <IconButton
          size="small"
          color="error"
          aria-label={translate('calculator.jurisdictions.delete_label', { name })}
          onClick={() => removeRow(row.id)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}, sameRow);

interface Props {
  rows: JurisdictionRow[];
  /** Each line's live figures, by line id. */
  results: ReadonlyMap<string, LinePreview>;
  official: boolean;
  period: string;
  rates: readonly CalculatorTaxRate[];
  actions: Pick<CalculatorActions, 'addRow' | 'updateRow' | 'removeRow' | 'editRows'>;
  /** A cell to focus once it exists: set by Add Jurisdiction and by Enter on the last line. */
  focusRequest: MutableRefObject<CellPosition | null>;
}

/**
 * The jurisdiction lines as one table on wide screens, with a spreadsheet's keys (gridKeys.ts): Tab, Shift-Tab and
 * the arrows move between cells, Enter goes down and on the last line adds one, and a block of cells pasted from a
 * spreadsheet fills the lines from the focused cell. Same state and actions as the cards.
 */
export const JurisdictionGrid = ({ rows, results, official, period, rates, actions, focusRequest }: Props) => {
  const translate = useTranslate();
  const units = useEntryUnits();
  const table = useRef<HTMLTableElement>(null);
  const columns = useMemo(() => gridColumns(official), [official]);
  const choices = useMemo(() => stateChoices(rates), [rates]);
  const count = useRef(rows.length);
  count.current = rows.length;
  const { addRow, updateRow, removeRow, editRows } = actions;

  const focusCell = useCallback((row: number, col: number) => {
    const target = table.current?.querySelector<HTMLElement>(`[data-cell="${cellId(row, col)}"]`);
    if (!target) return false;
    target.focus();
    // As in a spreadsheet, typing into a cell reached with the keys replaces what it holds.
    if (target instanceof HTMLInputElement) target.select();
    return true;
  }, []);

  useEffect(() => {
    const wanted = focusRequest.current;
    if (wanted && focusCell(wanted.row, wanted.col)) focusRequest.current = null;
  }, [rows.length, focusCell, focusRequest]);

  const positionOf = (target: EventTarget): (CellPosition & { element: HTMLElement }) | null => {
    const element = (target as HTMLElement).closest?.<HTMLElement>('[data-cell]');
    if (!element || !table.current?.contains(element)) return null;
    const [row, col] = (element.dataset.cell ?? '').split(':').map(Number);
    return { row, col, element };
  };

  // Capture phase: the grid decides before a cell's own handler (the state list, the fuel menu) sees the key.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLTableElement>) => {
    const key = gridKeyOf(event);
    const at = key ? positionOf(event.target) : null;
    if (!key || !at) return;
    const input = at.element instanceof HTMLInputElement ? at.element : null;
    const kind = (at.element.dataset.kind ?? 'number') as CellKind;
    const handles = gridHandles(key, {
      kind,
      listOpen: at.element.getAttribute('aria-expanded') === 'true',
      caretAtStart: input ? input.selectionStart === 0 : true,
      caretAtEnd: input ? input.selectionEnd === input.value.length : true,
    });
    if (!handles) return;
    const move = nextCell(at, key, count.current, columns.length);
    if (move.type === 'leave') return;
    event.preventDefault();
    event.stopPropagation();
    if (move.type === 'focus') focusCell(move.row, move.col);
    else if (move.type === 'add') {
      focusRequest.current = { row: move.row, col: move.col };
      addRow();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const at = positionOf(event.target);
    const text = event.clipboardData.getData('text/plain');
    if (!at || !isBlock(text)) return;
    event.preventDefault();
    const fuelName = (fuel: string) => translate(`rateHistory.fuel_types.${fuel}`);
    editRows((current) => pasteBlock(current, at, parseBlock(text), columns, rates, fuelName));
  };

  return (
    <>
      <Typography id="jurisdiction-grid-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('calculator.grid.help')}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto', '& [data-cell]': CELL_SCROLL_MARGIN }}>
        <Table
          ref={table}
          size="small"
          aria-label={translate('calculator.grid.caption')}
          aria-describedby="jurisdiction-grid-help"
          onKeyDownCapture={onKeyDownCapture}
          onPaste={onPaste}
          sx={{ tableLayout: 'fixed', minWidth: 900, '& th': { fontWeight: 600, lineHeight: 1.2 } }}
          data-testid="jurisdiction-grid"
        >
          <colgroup>
            <col style={{ width: 36 }} />
            {columns.map((column) => (
              <col key={column} style={{ width: COLUMN_WIDTHS[column] }} />
            ))}
            <col style={{ width: official ? 128 : 96 }} />
            <col style={{ width: 272 }} />
            <col style={{ width: 76 }} />
          </colgroup>
          <TableHead>
            <TableRow sx={{ '& > th': { px: 0.5, py: 0.75, verticalAlign: 'bottom' } }}>
              <TableCell sx={{ textAlign: 'right' }}>{translate('calculator.grid.line')}</TableCell>
              {columns.map((column) => (
                <TableCell
                  key={column}
                  sx={{ textAlign: column === 'name' || column === 'fuelType' ? 'left' : 'right' }}
                >
                  {translate(enteredLabel(column, units, COLUMN_LABELS[column]))}
                </TableCell>
              ))}
              <TableCell>{translate('calculator.jurisdictions.tax_rate')}</TableCell>
              <TableCell>
                <Box sx={{ display: 'grid', gridTemplateColumns: '72px 72px 84px 20px', gap: 0.5, textAlign: 'right' }}>
                  <span>{translate('calculator.jurisdictions.results.consumed')}</span>
                  <span>{translate('calculator.jurisdictions.results.net')}</span>
                  <span>{translate('calculator.grid.tax_or_credit')}</span>
                </Box>
              </TableCell>
              <TableCell>
                <Box component="span" sx={hidden}>
                  {translate('calculator.grid.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <GridRow
                key={row.id}
                row={row}
                index={index}
                result={results.get(row.id)}
                official={official}
                period={period}
                columns={columns}
                rates={rates}
                choices={choices}
                updateRow={updateRow}
                removeRow={removeRow}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
};
