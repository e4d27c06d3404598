import type { SheetRow } from '../../ifta/index.js';
import { entryString, entryText, readZipDirectory, UnreadableWorkbookError, type ZipEntry } from './zip-archive.js';

/**
 * Reads the data rows of one worksheet of an .xlsx without a spreadsheet engine: the archive is inflated as a stream
 * under byte caps, only columns A to D are kept, formulas are never evaluated (their cached result is read), and
 * shared strings are kept only for the cells that use them. Memory stays bounded by the caps below whatever the
 * file holds.
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

type Cell = string | number | boolean | null | SharedRef | { formula: true; result: string | number | boolean | null };

const ENTITY = /&(?:amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

export function decodeXml(text: string): string {
  return text.replace(ENTITY, (match, dec?: string, hex?: string) => {
    if (dec || hex) {
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[match] ?? match;
  });
}

/** Compiled once per attribute name: a sheet can have a million rows, each read for its `r` and its cells' `r` and `t`. */
const ATTRIBUTE_PATTERNS = new Map<string, RegExp>();
const attr = (attrs: string, name: string): string | undefined => {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) ATTRIBUTE_PATTERNS.set(name, (pattern = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  return pattern.exec(attrs)?.[1];
};

function columnIndex(ref: string | undefined): number | undefined {
  const letters = ref ? /^([A-Z]+)\d*$/i.exec(ref)?.[1] : undefined;
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** `<t>` texts of a string item or inline string, leaving out phonetic runs. */
function textOf(xml: string): string {
  const visible = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let text = '';
  for (const match of visible.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g)) text += match[1] ?? '';
  return decodeXml(text);
}

function cellOf(attrs: string, body: string): Cell {
  const type = attr(attrs, 't') ?? 'n';
  const raw = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body)?.[1];
  const hasFormula = /<f\b/.test(body);
  let value: string | number | boolean | null | SharedRef;
  if (type === 'inlineStr') value = textOf(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
  else if (raw === undefined) value = null;
  else if (type === 's') value = new SharedRef(Number(raw));
  else if (type === 'b') value = raw.trim() === '1';
  else if (type === 'n') value = raw.trim() === '' ? null : Number(raw);
  else value = decodeXml(raw); // str (formula text result), e (error such as #DIV/0!), d (ISO date)
  if (hasFormula && !(value instanceof SharedRef)) return { formula: true, result: value };
  return value;
}

interface XmlElement {
  attrs: string;
  body: string;
}

/**
 * Scans complete elements named `tag` out of streamed text, keeping at most one element's worth in memory. Yields
 * each chunk's elements as one batch: a promise per element would dominate the time on a sheet of a million rows.
 */
async function* elements(chunks: AsyncIterable<string>, tag: string): AsyncGenerator<XmlElement[]> {
  const open = new RegExp(`<${tag}\\b([^>]*?)(/?)>`, 'g');
  const close = `</${tag}>`;
  let buffer = '';
  for await (const chunk of chunks) {
    buffer += chunk;
    const batch: XmlElement[] = [];
    let consumed = 0;
    for (;;) {
      open.lastIndex = consumed;
      const start = open.exec(buffer);
      if (!start) {
        // Keep from the last '<': it may be the start of an element whose tag has not fully arrived.
        const lastOpen = buffer.lastIndexOf('<');
        consumed = lastOpen >= consumed ? lastOpen : buffer.length;
        break;
      }
      if (start[2] === '/') {
        batch.push({ attrs: start[1], body: '' });
        consumed = open.lastIndex;
        continue;
      }
      const end = buffer.indexOf(close, open.lastIndex);
      if (end < 0) {
        consumed = start.index;
        break;
      }
      batch.push({ attrs: start[1], body: buffer.slice(open.lastIndex, end) });
      consumed = end + close.length;
    }
    buffer = buffer.slice(consumed);
    if (batch.length) yield batch;
    if (buffer.length > WORKBOOK_LIMITS.maxElementBytes) throw new UnreadableWorkbookError(`a <${tag}> is too large`);
  }
}

function need(entries: Map<string, ZipEntry>, name: string): ZipEntry {
  const entry = entries.get(name);
  if (!entry) throw new UnreadableWorkbookError(`missing ${name}`);
  return entry;
}

/** The worksheet to import: the one named like the template's data sheet, else the first in the workbook. */
async function dataSheetPath(buffer: Buffer, entries: Map<string, ZipEntry>, preferredName: string): Promise<string> {
  const workbook = await entryString(buffer, need(entries, 'xl/workbook.xml'), WORKBOOK_LIMITS.maxSmallXmlBytes);
  const rels = await entryString(buffer, need(entries, 'xl/_rels/workbook.xml.rels'), WORKBOOK_LIMITS.maxSmallXmlBytes);
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*?)\/?>/g)].map((m) => ({
    name: decodeXml(attr(m[1], 'name') ?? ''),
    relId: /\s(?:\w+:)?id="([^"]*)"/.exec(` ${m[1]}`)?.[1],
  }));
  if (sheets.length === 0) throw new UnreadableWorkbookError('no worksheets');
  const sheet = sheets.find((s) => s.name.trim().toLowerCase() === preferredName.toLowerCase()) ?? sheets[0];
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*?)\/?>/g)) {
    if (attr(m[1], 'Id') !== sheet.relId) continue;
    const target = attr(m[1], 'Target') ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    if (entries.has(path)) return path;
  }
  throw new UnreadableWorkbookError('worksheet part not found');
}

/** Rows of the data sheet with their first four cells' values (formula cells as `{formula, result}`). */
export async function readWorkbookRows(buffer: Buffer, preferredSheet = 'IFTA Data'): Promise<SheetRow[]> {
  const entries = readZipDirectory(buffer);
  const sheetPath = await dataSheetPath(buffer, entries, preferredSheet);
  const rows: Array<{ row: number; cells: Cell[] }> = [];
  const wanted = new Set<number>();
  let lastRow = 0;
  const sheetRows = elements(entryText(buffer, need(entries, sheetPath), WORKBOOK_LIMITS.maxSheetBytes), 'row');
  for await (const batch of sheetRows) {
    for (const { attrs, body } of batch) {
      const number = Number(attr(attrs, 'r')) || lastRow + 1;
      lastRow = number;
      const cells: Cell[] = Array.from({ length: WORKBOOK_LIMITS.columns }, () => null);
      let column = -1;
      for (const match of body.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        column = columnIndex(attr(match[1], 'r')) ?? column + 1;
        if (column >= WORKBOOK_LIMITS.columns) continue;
        const cell = cellOf(match[1], match[2] ?? '');
        cells[column] = cell;
        if (cell instanceof SharedRef) wanted.add(cell.index);
      }
      if (cells.every((cell) => cell === null)) continue;
      // One more than the data rows: the first row may be the header.
      if (rows.length > WORKBOOK_LIMITS.maxDataRows) throw new TooManyRowsError(WORKBOOK_LIMITS.maxDataRows);
      rows.push({ row: number, cells });
    }
  }
  const strings = new Map<number, string>();
  const sharedEntry = entries.get('xl/sharedStrings.xml');
  if (wanted.size > 0 && sharedEntry) {
    let index = 0;
    const chunks = entryText(buffer, sharedEntry, WORKBOOK_LIMITS.maxSharedStringsBytes);
    for await (const batch of elements(chunks, 'si')) {
      for (const { body } of batch) {
        if (wanted.has(index)) strings.set(index, textOf(body));
        index++;
      }
    }
  }
  const resolve = (cell: Cell): unknown => {
    if (cell instanceof SharedRef) {
      const text = strings.get(cell.index);
      if (text === undefined) throw new UnreadableWorkbookError('shared string out of range');
      return text;
    }
    return cell;
  };
  return rows.map(({ row, cells }) => ({ row, cells: cells.map(resolve) }));
}
