import { describe, expect, it } from 'vitest';
import { newJurisdictionRow } from './calculatorState';
import {
  fuelFromText,
  gridColumns,
  gridHandles,
  gridKeyOf,
  isBlock,
  matchStates,
  nextCell,
  parseBlock,
  pasteBlock,
  stateFromText,
  type CellContext,
} from './gridKeys';
import type { CalculatorTaxRate, JurisdictionRow } from './types';

const rate = (name: string, abbreviation: string, value: number): CalculatorTaxRate => ({
  id: abbreviation,
  name,
  abbreviation,
  rate: value,
  is_active: true,
});
const RATES = [
  rate('Texas', 'TX', 0.2),
  rate('California', 'CA', 0.971),
  rate('North Carolina', 'NC', 0.403),
  rate('Kansas', 'KS', 0.26),
  rate('Arkansas', 'AR', 0.285),
  { ...rate('Retired', 'RT', 0.1), is_active: false },
];

describe('nextCell: where a key takes the focus in a 3-line, 4-column grid', () => {
  const move = (row: number, col: number, key: Parameters<typeof nextCell>[1]) => nextCell({ row, col }, key, 3, 4);

  it('Tab runs along the line, wraps to the next line, and leaves the grid after the last cell', () => {
    expect(move(0, 0, 'Tab')).toEqual({ type: 'focus', row: 0, col: 1 });
    expect(move(0, 3, 'Tab')).toEqual({ type: 'focus', row: 1, col: 0 });
    expect(move(2, 3, 'Tab')).toEqual({ type: 'leave' });
  });

  it('Shift-Tab runs back, wraps to the end of the line above, and leaves before the first cell', () => {
    expect(move(1, 2, 'ShiftTab')).toEqual({ type: 'focus', row: 1, col: 1 });
    expect(move(1, 0, 'ShiftTab')).toEqual({ type: 'focus', row: 0, col: 3 });
    expect(move(0, 0, 'ShiftTab')).toEqual({ type: 'leave' });
  });

  it('arrows move one cell and stop at every edge without leaving', () => {
    expect(move(1, 1, 'ArrowRight')).toEqual({ type: 'focus', row: 1, col: 2 });
    expect(move(1, 3, 'ArrowRight')).toEqual({ type: 'stay' });
    expect(move(1, 1, 'ArrowLeft')).toEqual({ type: 'focus', row: 1, col: 0 });
    expect(move(1, 0, 'ArrowLeft')).toEqual({ type: 'stay' });
    expect(move(1, 2, 'ArrowDown')).toEqual({ type: 'focus', row: 2, col: 2 });
    expect(move(2, 2, 'ArrowDown')).toEqual({ type: 'stay' });
    expect(move(1, 2, 'ArrowUp')).toEqual({ type: 'focus', row: 0, col: 2 });
    expect(move(0, 2, 'ArrowUp')).toEqual({ type: 'stay' });
  });

  it('Enter goes down the column; on the last line it adds a line and starts it at the state', () => {
    expect(move(0, 2, 'Enter')).toEqual({ type: 'focus', row: 1, col: 2 });
    expect(move(2, 2, 'Enter')).toEqual({ type: 'add', row: 3, col: 0 });
  });

  it('a one-cell grid leaves on Tab both ways and adds a line on Enter', () => {
    expect(nextCell({ row: 0, col: 0 }, 'Tab', 1, 1)).toEqual({ type: 'leave' });
    expect(nextCell({ row: 0, col: 0 }, 'ShiftTab', 1, 1)).toEqual({ type: 'leave' });
    expect(nextCell({ row: 0, col: 0 }, 'Enter', 1, 1)).toEqual({ type: 'add', row: 1, col: 0 });
  });
});

describe('gridKeyOf and gridHandles: which presses the grid takes from a cell', () => {
  const press = (key: string, mods: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean }> = {}) =>
    gridKeyOf({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods });
  const cell = (patch: Partial<CellContext>): CellContext => ({
    kind: 'number',
    listOpen: false,
    caretAtStart: false,
    caretAtEnd: false,
    ...patch,
  });

  it('reads Tab, Shift-Tab, arrows and Enter, and nothing with a modifier or any other key', () => {
    expect(press('Tab')).toBe('Tab');
    expect(press('Tab', { shiftKey: true })).toBe('ShiftTab');
    expect(press('ArrowDown')).toBe('ArrowDown');
    expect(press('Enter')).toBe('Enter');
    expect(press('Enter', { shiftKey: true })).toBeNull();
    expect(press('ArrowDown', { altKey: true })).toBeNull();
    expect(press('ArrowLeft', { ctrlKey: true })).toBeNull();
    expect(press('a')).toBeNull();
  });

  it('a number cell gives every arrow to the grid, so no arrow steps the number', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter'] as const)
      expect(gridHandles(key, cell({}))).toBe(true);
  });

  it('a text cell keeps Left and Right until its caret reaches that edge', () => {
    expect(gridHandles('ArrowLeft', cell({ kind: 'text', caretAtEnd: true }))).toBe(false);
    expect(gridHandles('ArrowLeft', cell({ kind: 'text', caretAtStart: true }))).toBe(true);
    expect(gridHandles('ArrowRight', cell({ kind: 'text', caretAtStart: true }))).toBe(false);
    expect(gridHandles('ArrowRight', cell({ kind: 'text', caretAtEnd: true }))).toBe(true);
    expect(gridHandles('ArrowDown', cell({ kind: 'text' }))).toBe(true);
  });

  it('an open list keeps its arrows and Enter, but Tab still moves on', () => {
    const open = cell({ kind: 'text', listOpen: true, caretAtStart: true, caretAtEnd: true });
    expect(gridHandles('ArrowDown', open)).toBe(false);
    expect(gridHandles('ArrowUp', open)).toBe(false);
    expect(gridHandles('Enter', open)).toBe(false);
    expect(gridHandles('Tab', open)).toBe(true);
    expect(gridHandles('ShiftTab', open)).toBe(true);
  });
});

describe('matchStates and stateFromText: typing a state', () => {
  it('puts the exact code first, then names that start with the text, then names containing it', () => {
    expect(matchStates('ka', RATES).map((r) => r.abbreviation)).toEqual(['KS', 'AR']);
    expect(matchStates('ca', RATES).map((r) => r.abbreviation)).toEqual(['CA', 'NC']);
    expect(matchStates('tx', RATES).map((r) => r.abbreviation)).toEqual(['TX']);
    expect(matchStates(' Tex', RATES).map((r) => r.abbreviation)).toEqual(['TX']);
  });

  it('empty text lists every active state by name; an inactive one never matches', () => {
    expect(matchStates('', RATES).map((r) => r.abbreviation)).toEqual(['AR', 'CA', 'KS', 'NC', 'TX']);
    expect(matchStates('ret', RATES)).toEqual([]);
  });

  it('a pasted cell names a state by code or full name in any case, and nothing else', () => {
    expect(stateFromText('tx', RATES)).toBe('Texas');
    expect(stateFromText(' north carolina ', RATES)).toBe('North Carolina');
    expect(stateFromText('Tex', RATES)).toBeNull();
    expect(stateFromText('RT', RATES)).toBeNull();
    expect(stateFromText('', RATES)).toBeNull();
  });

  it('a pasted fuel cell names a fuel type by code or shown name', () => {
    const shown = (fuel: string) => ({ gasoline: 'Gasoline', diesel: 'Diesel' })[fuel] ?? fuel;
    expect(fuelFromText('Gasoline', shown)).toBe('gasoline');
    expect(fuelFromText('DIESEL', shown)).toBe('diesel');
    expect(fuelFromText('kerosene', shown)).toBeNull();
  });
});

describe('parseBlock and pasteBlock: a block of cells from a spreadsheet', () => {
  it('reads tab-separated lines, Windows line ends too, without the trailing empty line', () => {
    expect(parseBlock('TX\t100\t90\r\nCA\t50\t40\r\n')).toEqual([
      ['TX', '100', '90'],
      ['CA', '50', '40'],
    ]);
    expect(isBlock('TX\t100')).toBe(true);
    expect(isBlock('A\nB')).toBe(true);
    expect(isBlock('1200')).toBe(false);
    expect(isBlock('1200\n')).toBe(false);
  });

  const columns = gridColumns(false);
  const line = (patch: Partial<JurisdictionRow> = {}): JurisdictionRow => ({ ...newJurisdictionRow(), ...patch });

  it('fills lines from the focused cell rightwards and adds the lines the block needs', () => {
    const rows = [line({ name: 'Kansas', totalMiles: '5' })];
    const pasted = pasteBlock(
      rows,
      { row: 0, col: 0 },
      parseBlock('TX\t1,600\t1500\t200\nca\t1000\t1000\t100'),
      columns,
      RATES,
    );
    expect(pasted).toHaveLength(2);
    expect(pasted[0]).toMatchObject({
      id: rows[0].id,
      name: 'Texas',
      totalMiles: '1600',
      taxableMiles: '1500',
      gallonsPurchased: '200',
      taxRate: 0.2,
    });
    expect(pasted[1]).toMatchObject({
      name: 'California',
      totalMiles: '1000',
      gallonsPurchased: '100',
      taxRate: 0.971,
      isNew: true,
    });
  });

  it('starts at the focused column and line, dropping cells past the last column', () => {
    const rows = [line({ name: 'Texas' }), line({ name: 'Kansas', totalMiles: '7' })];
    const pasted = pasteBlock(rows, { row: 1, col: 2 }, [['300', '30', '99', '98']], columns, RATES);
    expect(pasted[0]).toBe(rows[0]);
    expect(pasted[1]).toMatchObject({ name: 'Kansas', totalMiles: '7', taxableMiles: '300', gallonsPurchased: '30' });
  });

  it('leaves a locked line and any cell that is not a value for its column as they were', () => {
    const locked = line({ name: 'Texas', totalMiles: '1', isNew: false, isEditing: false });
    const open = line({ name: 'Kansas', totalMiles: '2', taxableMiles: '2' });
    const pasted = pasteBlock([locked, open], { row: 0, col: 0 }, parseBlock('CA\t9\nZZ\tmany\t-3\t4'), columns, RATES);
    expect(pasted[0]).toBe(locked);
    expect(pasted[1]).toMatchObject({ name: 'Kansas', totalMiles: '2', taxableMiles: '2', gallonsPurchased: '4' });
  });

  it('an official return pastes the fuel type in its own column', () => {
    const pasted = pasteBlock(
      [],
      { row: 0, col: 0 },
      [['TX', 'gasoline', '10', '10', '2', '1']],
      gridColumns(true),
      RATES,
    );
    expect(pasted[0]).toMatchObject({ name: 'Texas', fuelType: 'gasoline', nonTaxPaidGallons: '1' });
  });
});
