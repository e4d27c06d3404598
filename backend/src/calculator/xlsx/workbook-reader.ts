import type { SheetRow } from '../../ifta/index.js';
import { attribute, walkXml, type XmlVisitor, type XmlWalk, type XmlWalkLimits } from './xml-walk.js';
import {
  openWorkbookArchive,
  UnpackedTooLargeError,
  UnreadableWorkbookError,
  type WorkbookArchive,
} from './zip-archive.js';

/**
 * Reads the data rows of one worksheet of an .xlsx without a spreadsheet engine: the archive is opened with yauzl and
 * inflated as a stream under byte caps, the XML is streamed through saxes (linear time whatever the markup), only
 * columns A to D are kept, formulas are never evaluated (their cached result is read), and shared strings are kept
 * only for the cells that use them. Memory stays bounded by the caps below whatever the file holds.
 */
export const WORKBOOK_LIMITS = {
  /** Data rows (rows with a value in A to D) read before the file is refused. */
  maxDataRows: 5000,
  /** Inflated size of the worksheet XML and of the shared-strings XML. */
  maxSheetBytes: 256 * 1024 * 1024,
  maxSharedStringsBytes: 64 * 1024 * 1024,
  /** One `<row>` or `<si>` element; a real one is a few hundred bytes. */
  maxElementBytes: 1024 * 1024,
  maxSmallXmlBytes: 2 * 1024 * 1024,
  /** Element nesting; a worksheet's deepest (worksheet, sheetData, row, c, is, r, t) is 7. */
  maxDepth: 64,
  columns: 4,
} as const;

export class TooManyRowsError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} data rows`);
  }
}

/** Shared-string reference still to be resolved. */
class SharedRef {
  constructor(readonly index: number) {}
}

type Value = string | number | boolean | null;
type Cell = Value | SharedRef | { formula: true; result: Value };

const limits = (bounded: string): XmlWalkLimits => ({
  maxDepth: WORKBOOK_LIMITS.maxDepth,
  boundedElements: new Set([bounded]),
  maxElementChars: WORKBOOK_LIMITS.maxElementBytes,
});
const UNBOUNDED: XmlWalkLimits = { ...limits(''), boundedElements: new Set() };

/** `B7` answers 1; the two character classes are disjoint, so the pattern runs in linear time. */
function columnIndex(ref: string | undefined): number | undefined {
  const letters = ref ? /^([A-Z]+)\d*$/i.exec(ref)?.[1] : undefined;
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** The cell being read: its type, its first `<v>`, whether it has an `<f>`, and the text of an inline string. */
interface OpenCell {
  column: number;
  type: string;
  raw?: string;
  hasFormula: boolean;
  inline: string;
}

function cellValue(cell: OpenCell): Cell {
  const { type, raw } = cell;
  let value: Value | SharedRef;
  if (type === 'inlineStr') value = cell.inline;
  else if (raw === undefined) value = null;
  else if (type === 's') value = new SharedRef(Number(raw));
  else if (type === 'b') value = raw.trim() === '1';
  else if (type === 'n') value = raw.trim() === '' ? null : Number(raw);
  else value = raw; // str (formula text result), e (error such as #DIV/0!), d (ISO date)
  if (cell.hasFormula && !(value instanceof SharedRef)) return { formula: true, result: value };
  return value;
}

/**
 * Collects rows of the worksheet (columns A to D, `cells` has one slot per column); `<t>` inside a phonetic run
 * (`<rPh>`) is not part of a value. SpreadsheetML's `r` and `t` attributes carry no prefix, so they are read directly.
 */
/** How much of a sheet is read: the first `columns` columns, at most `maxDataRows` rows with a value. */
export interface SheetShape {
  columns: number;
  maxDataRows: number;
  /** The most the archive may unpack to, all parts together (the upload budget); refused before inflating. */
  maxUnpackedBytes?: number;
  /**
   * A row's cells run to its last cell with a value (at most `columns`), not a fixed width: a vendor export may be
   * 160 columns wide, and a slot per possible column for every row of a 200,000-row sheet would be paid for nothing.
   */
  sparse?: boolean;
  /**
   * The most cell slots (each row's width, gaps included) a sparse read keeps, all rows together: a cell far to the
   * right costs a few bytes of XML and a slot for every column before it, so a small file could ask for gigabytes.
   */
  maxCells?: number;
}

export class TooManyCellsError extends Error {
  constructor(readonly limit: number) {
    super(
      `the sheet spans more than ${limit.toLocaleString('en-US')} cells (rows × columns): ` +
        'save only the rows and columns to import, or split it',
    );
  }
}

class SheetVisitor implements XmlVisitor {
  constructor(private readonly shape: SheetShape) {}
  readonly rows: Array<{ row: number; cells: Cell[] }> = [];
  readonly wanted = new Set<number>();
  private lastRow = 0;
  private cellSlots = 0;
  private row?: { row: number; cells: Cell[]; column: number };
  private cell?: OpenCell;
  private inInline = false;
  private phonetic = 0;
  private target: 'raw' | 'inline' | undefined;

  open(name: string, attributes: Record<string, string>, walk: XmlWalk): void {
    if (name === 'row') {
      const number = Number(attributes.r) || this.lastRow + 1;
      this.lastRow = number;
      const cells = this.shape.sparse ? [] : new Array<Cell>(this.shape.columns).fill(null);
      this.row = { row: number, cells, column: -1 };
      return;
    }
    const row = this.row;
    if (!row) return;
    if (name === 'c') {
      row.column = columnIndex(attributes.r) ?? row.column + 1;
      this.cell =
        row.column < this.shape.columns
          ? { column: row.column, type: attributes.t ?? 'n', hasFormula: false, inline: '' }
          : undefined;
      return;
    }
    const cell = this.cell;
    if (!cell) return;
    if (name === 'v' && cell.raw === undefined && !this.inInline) {
      cell.raw = '';
      this.target = 'raw';
      walk.capture();
    } else if (name === 'f') cell.hasFormula = true;
    else if (name === 'is') this.inInline = true;
    else if (name === 'rPh') this.phonetic += 1;
    else if (name === 't' && this.inInline && this.phonetic === 0) {
      this.target = 'inline';
      walk.capture();
    }
  }

  text(text: string): void {
    if (!this.cell) return;
    if (this.target === 'raw') this.cell.raw += text;
    else if (this.target === 'inline') this.cell.inline += text;
  }

  close(name: string): void {
    if (name === 'v' || name === 't') this.target = undefined;
    else if (name === 'rPh') this.phonetic -= 1;
    else if (name === 'is') this.inInline = false;
    else if (name === 'c') {
      if (this.cell && this.row) {
        const value = cellValue(this.cell);
        this.row.cells[this.cell.column] = value;
        if (value instanceof SharedRef) this.wanted.add(value.index);
      }
      this.cell = undefined;
    } else if (name === 'row' && this.row) {
      const { row, cells } = this.row;
      this.row = undefined;
      // A sparse row's skipped columns are holes: make them empty cells, as a fixed-width row has.
      if (this.shape.sparse) {
        this.cellSlots += cells.length;
        if (this.shape.maxCells !== undefined && this.cellSlots > this.shape.maxCells) {
          throw new TooManyCellsError(this.shape.maxCells);
        }
        for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
      }
      if (cells.every((cell) => cell === null)) return;
      // One more than the data rows: the first row may be the header.
      if (this.rows.length > this.shape.maxDataRows) throw new TooManyRowsError(this.shape.maxDataRows);
      this.rows.push({ row, cells });
    }
  }
}

/** Stops reading shared strings once past the last index a cell uses. */
class EnoughStrings extends Error {}

class SharedStringsVisitor implements XmlVisitor {
  readonly strings = new Map<number, string>();
  private index = -1;
  private text_ = '';
  private phonetic = 0;
  private readonly last: number;

  constructor(private readonly wanted: Set<number>) {
    this.last = Math.max(...wanted);
  }

  open(name: string, _attributes: Record<string, string>, walk: XmlWalk): void {
    if (name === 'si') {
      this.index += 1;
      if (this.index > this.last) throw new EnoughStrings();
      this.text_ = '';
    } else if (name === 'rPh') this.phonetic += 1;
    else if (name === 't' && this.phonetic === 0 && this.wanted.has(this.index)) walk.capture();
  }

  text(text: string): void {
    this.text_ += text;
  }

  close(name: string): void {
    if (name === 'rPh') this.phonetic -= 1;
    else if (name === 'si' && this.wanted.has(this.index)) this.strings.set(this.index, this.text_);
  }
}

/** The worksheet to import: the one named like the template's data sheet, else the first in the workbook. */
async function dataSheetPath(archive: WorkbookArchive, preferredName: string): Promise<string> {
  const sheets: Array<{ name: string; relId?: string }> = [];
  await walkXml(
    archive.text('xl/workbook.xml', WORKBOOK_LIMITS.maxSmallXmlBytes),
    {
      open: (name, attributes) => {
        if (name === 'sheet') sheets.push({ name: attributes.name ?? '', relId: attribute(attributes, 'id') });
      },
      close: () => undefined,
    },
    UNBOUNDED,
  );
  if (sheets.length === 0) throw new UnreadableWorkbookError('no worksheets');
  const sheet = sheets.find((s) => s.name.trim().toLowerCase() === preferredName.toLowerCase()) ?? sheets[0];
  const targets: string[] = [];
  await walkXml(
    archive.text('xl/_rels/workbook.xml.rels', WORKBOOK_LIMITS.maxSmallXmlBytes),
    {
      open: (name, attributes) => {
        if (name === 'Relationship' && attributes.Id === sheet.relId) targets.push(attributes.Target ?? '');
      },
      close: () => undefined,
    },
    UNBOUNDED,
  );
  for (const target of targets) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    if (archive.has(path)) return path;
  }
  throw new UnreadableWorkbookError('worksheet part not found');
}

/** Rows of the data sheet with their first four cells' values (formula cells as `{formula, result}`). */
export async function readWorkbookRows(
  buffer: Buffer,
  preferredSheet = 'IFTA Data',
  shape: SheetShape = WORKBOOK_LIMITS,
): Promise<SheetRow[]> {
  const archive = await openWorkbookArchive(buffer, shape.maxUnpackedBytes);
  const sheetPath = await dataSheetPath(archive, preferredSheet);
  const sheet = new SheetVisitor(shape);
  await walkXml(archive.text(sheetPath, WORKBOOK_LIMITS.maxSheetBytes), sheet, limits('row'));
  let strings = new Map<number, string>();
  if (sheet.wanted.size > 0 && archive.has('xl/sharedStrings.xml')) {
    const shared = new SharedStringsVisitor(sheet.wanted);
    try {
      await walkXml(archive.text('xl/sharedStrings.xml', WORKBOOK_LIMITS.maxSharedStringsBytes), shared, limits('si'));
    } catch (error) {
      if (!(error instanceof EnoughStrings)) throw error;
    }
    strings = shared.strings;
  }
  const resolve = (cell: Cell): unknown => {
    if (cell instanceof SharedRef) {
      const text = strings.get(cell.index);
      if (text === undefined) throw new UnreadableWorkbookError('shared string out of range');
      return text;
    }
    return cell;
  };
  return sheet.rows.map(({ row, cells }) => ({ row, cells: cells.map(resolve) }));
}

/** What `readWorkbookJob` answers across the worker boundary, where error classes do not survive. */
export type WorkbookReadOutcome =
  | { rows: SheetRow[] }
  | { tooManyRows: true }
  | { tooLarge: { unpackedBytes: number; limitBytes: number } }
  | { unreadable: string };

/** The upload-reading job run on the worker pool (see common/workers), under the upload budget it is given. */
export async function readWorkbookJob({
  bytes,
  maxUnpackedBytes,
}: {
  bytes: Uint8Array;
  maxUnpackedBytes: number;
}): Promise<WorkbookReadOutcome> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { rows: await readWorkbookRows(buffer, undefined, { ...WORKBOOK_LIMITS, maxUnpackedBytes }) };
  } catch (error) {
    if (error instanceof TooManyRowsError) return { tooManyRows: true };
    if (error instanceof UnpackedTooLargeError) {
      return { tooLarge: { unpackedBytes: error.unpackedBytes, limitBytes: error.limitBytes } };
    }
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
}
