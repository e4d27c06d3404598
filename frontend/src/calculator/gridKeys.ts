import { FUEL_TYPES, toNumber } from '@ifta/index';
import { isRowEditable, newJurisdictionRow, rateFor, stateChoices } from './calculatorState';
import type { CalculatorTaxRate, JurisdictionRow } from './types';

/**
 * The entry grid's spreadsheet behaviour, kept free of React and the DOM so every edge case is a plain unit test:
 * where a key moves the focus, which keys a cell keeps for itself, what typing in the state cell matches, and how
 * a pasted block of cells lands on the lines.
 */

/** The grid's editable columns, left to right; the rate and results columns are read-only and not stopped at. */
export type GridColumn = 'name' | 'fuelType' | 'totalMiles' | 'taxableMiles' | 'gallonsPurchased' | 'nonTaxPaidGallons';

/** An official return asks for the fuel type and the non-tax-paid gallons too. */
export const gridColumns = (official: boolean): GridColumn[] =>
  official
    ? ['name', 'fuelType', 'totalMiles', 'taxableMiles', 'gallonsPurchased', 'nonTaxPaidGallons']
    : ['name', 'totalMiles', 'taxableMiles', 'gallonsPurchased'];

export type GridKey = 'Tab' | 'ShiftTab' | 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Enter';

export interface CellPosition {
  row: number;
  col: number;
}

/**
 * What a key does: focus another cell; add a line and focus a cell of it; stay (the key is used up at an edge, as
 * a spreadsheet does); or leave, so the browser's own Tab takes the focus out of the grid.
 */
export type GridMove =
  | { type: 'focus'; row: number; col: number }
  | { type: 'add'; row: number; col: number }
  | { type: 'stay' }
  | { type: 'leave' };

/**
 * The next cell for a key, in a grid of `rows` lines by `cols` editable columns. Tab runs along a line and on to the
 * next one, Shift-Tab back; past either end of the grid the browser moves on. Arrows stop at the edges. Enter goes
 * down the column; on the last line it adds a line and starts it at its state.
 */
export const nextCell = (at: CellPosition, key: GridKey, rows: number, cols: number): GridMove => {
  const { row, col } = at;
  switch (key) {
    case 'Tab':
      if (col < cols - 1) return { type: 'focus', row, col: col + 1 };
      return row < rows - 1 ? { type: 'focus', row: row + 1, col: 0 } : { type: 'leave' };
    case 'ShiftTab':
      if (col > 0) return { type: 'focus', row, col: col - 1 };
      return row > 0 ? { type: 'focus', row: row - 1, col: cols - 1 } : { type: 'leave' };
    case 'ArrowRight':
      return col < cols - 1 ? { type: 'focus', row, col: col + 1 } : { type: 'stay' };
    case 'ArrowLeft':
      return col > 0 ? { type: 'focus', row, col: col - 1 } : { type: 'stay' };
    case 'ArrowDown':
      return row < rows - 1 ? { type: 'focus', row: row + 1, col } : { type: 'stay' };
    case 'ArrowUp':
      return row > 0 ? { type: 'focus', row: row - 1, col } : { type: 'stay' };
    case 'Enter':
      return row < rows - 1 ? { type: 'focus', row: row + 1, col } : { type: 'add', row: rows, col: 0 };
  }
};

/** The kinds of cell, which differ in the keys they keep: a text box's caret, an open list's own arrows. */
export type CellKind = 'text' | 'number' | 'select';

export interface CellContext {
  kind: CellKind;
  /** The cell's list of choices is open: its arrows and Enter pick a choice. */
  listOpen: boolean;
  /** A text cell's caret is at the start (Left leaves the cell) or the end (Right leaves it). */
  caretAtStart: boolean;
  caretAtEnd: boolean;
}

/** A key press as the grid reads it, or null for a key the grid never handles. */
export const gridKeyOf = (event: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): GridKey | null => {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'Tab') return event.shiftKey ? 'ShiftTab' : 'Tab';
  if (event.shiftKey) return null;
  return event.key === 'Enter' ||
    event.key === 'ArrowUp' ||
    event.key === 'ArrowDown' ||
    event.key === 'ArrowLeft' ||
    event.key === 'ArrowRight'
    ? event.key
    : null;
};

/**
 * Whether the grid moves on this key or the cell keeps it. An open list keeps its arrows and Enter (Tab still moves
 * on, picking the highlighted choice); a text cell keeps Left and Right until the caret reaches its edge. A number
 * cell has no caret to ask about, so its arrows always move, as in a spreadsheet's entry mode (and never step the
 * number).
 */
export const gridHandles = (key: GridKey, cell: CellContext): boolean => {
  if (key === 'Tab' || key === 'ShiftTab') return true;
  if (cell.listOpen) return false;
  if (cell.kind === 'text') {
    if (key === 'ArrowLeft') return cell.caretAtStart;
    if (key === 'ArrowRight') return cell.caretAtEnd;
  }
  return true;
};

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * The states a typed text matches, best first: the code typed exactly (TX), then names starting with the text,
 * then names containing it. Empty text matches every state, by name.
 */
export const matchStates = (query: string, rates: readonly CalculatorTaxRate[]): CalculatorTaxRate[] => {
  const choices = stateChoices(rates);
  const typed = normalise(query);
  if (!typed) return choices;
  const byCode = choices.filter((rate) => rate.abbreviation.toLowerCase() === typed);
  const starts = choices.filter((rate) => !byCode.includes(rate) && rate.name.toLowerCase().startsWith(typed));
  const contains = choices.filter(
    (rate) => !byCode.includes(rate) && !starts.includes(rate) && rate.name.toLowerCase().includes(typed),
  );
  return [...byCode, ...starts, ...contains];
};

/** A pasted state cell: its code or its full name (any case); null when it names no active state. */
export const stateFromText = (text: string, rates: readonly CalculatorTaxRate[]): string | null => {
  const typed = normalise(text);
  if (!typed) return null;
  const match = stateChoices(rates).find(
    (rate) => rate.abbreviation.toLowerCase() === typed || rate.name.toLowerCase() === typed,
  );
  return match ? match.name : null;
};

/** A pasted fuel cell: a fuel type's code or its shown name; null when it names none. */
export const fuelFromText = (text: string, fuelName: (fuel: string) => string): string | null => {
  const typed = normalise(text);
  return FUEL_TYPES.find((fuel) => fuel === typed || normalise(fuelName(fuel)) === typed) ?? null;
};

/** A spreadsheet's copied cells: lines of tab-separated cells, without the empty line after the last row. */
export const parseBlock = (text: string): string[][] => {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.map((line) => line.split('\t'));
};

/** More than one cell: a block the grid spreads over its cells rather than text for the one input. */
export const isBlock = (text: string): boolean => {
  const block = parseBlock(text);
  return block.length > 1 || (block[0]?.length ?? 0) > 1;
};

/** A pasted number as the field keeps it: thousands separators and spaces dropped; blank stays blank. */
const numberFromText = (text: string): string | null => {
  const cleaned = text.replace(/[,\s$]/g, '');
  if (cleaned === '') return '';
  return Number.isFinite(Number(cleaned)) && Number(cleaned) >= 0 ? String(toNumber(cleaned)) : null;
};

/**
 * A block pasted with its top-left corner on cell `at`: each pasted row fills a line from that column rightwards,
 * lines are added below as needed, and cells past the last column are dropped. A locked line (saved, not reopened
 * with Edit) and a cell whose text is not a valid value for its column are left as they were.
 */
export const pasteBlock = (
  rows: readonly JurisdictionRow[],
  at: CellPosition,
  block: readonly string[][],
  columns: readonly GridColumn[],
  rates: readonly CalculatorTaxRate[],
  fuelName: (fuel: string) => string = (fuel) => fuel,
): JurisdictionRow[] => {
  const next = [...rows];
  block.forEach((cells, offset) => {
    const index = at.row + offset;
    while (next.length <= index) next.push(newJurisdictionRow());
    const line = next[index];
    if (!isRowEditable(line)) return;
    const patch: Partial<JurisdictionRow> = {};
    cells.forEach((text, cellOffset) => {
      const column = columns[at.col + cellOffset];
      if (!column) return;
      if (column === 'name') {
        const name = stateFromText(text, rates);
        if (name) Object.assign(patch, { name, taxRate: rateFor(name, rates) });
      } else if (column === 'fuelType') {
        const fuel = fuelFromText(text, fuelName);
        if (fuel) patch.fuelType = fuel;
      } else {
        const value = numberFromText(text);
        if (value !== null) patch[column] = value;
      }
    });
    next[index] = { ...line, ...patch };
  });
  return next;
};
