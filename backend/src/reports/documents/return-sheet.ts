import type ExcelJS from 'exceljs';
import { cellValues } from '../../common/documents/cell-text.js';
import type { ReturnCell, ReturnDocument } from './return-document.js';

/** The streaming writer's sheet (exceljs types it as a Worksheet). */
type Sheet = ExcelJS.Worksheet;

/** Number formats by cell kind, as the PDF prints them. */
const FORMATS: Record<Exclude<ReturnCell, { text: string }>['kind'], string> = {
  whole: '#,##0',
  gallons: '#,##0.00',
  rate: '0.0000',
  money: '"$"#,##0.00;"-$"#,##0.00',
};

const cellValue = (cell: ReturnCell) => ('text' in cell ? cell.text : cell.value);

/**
 * The official return as a worksheet beside the spec's 'IFTA Report' sheet (which stays as the spec describes it):
 * the carrier, one schedule per fuel type with the official columns, its MPG and totals, the return's total and
 * the filing lines, from the same ReturnDocument the PDF prints.
 */
export function writeReturnSheet(sheet: Sheet, doc: ReturnDocument): void {
  sheet.columns = [{ width: 30 }, ...doc.columns.slice(1).map(() => ({ width: 16 }))];
  const bold = { bold: true };
  const add = (values: Array<string | number | null>, style?: (row: ExcelJS.Row) => void) => {
    const row = sheet.addRow(cellValues(values));
    style?.(row);
    row.commit();
  };
  add([doc.title], (row) => (row.font = { bold: true, size: 14 }));
  for (const { label, text } of doc.header) add([label, text], (row) => (row.getCell(1).font = bold));
  for (const section of doc.sections) {
    add([]);
    add([section.title], (row) => (row.font = { bold: true, size: 12 }));
    add([section.mpg]);
    add([...doc.columns], (row) => (row.font = bold));
    const line = (cells: ReturnCell[], total: boolean) =>
      add(cells.map(cellValue), (row) => {
        cells.forEach((cell, index) => {
          if (!('text' in cell)) row.getCell(index + 1).numFmt = FORMATS[cell.kind];
        });
        if (total) row.font = bold;
      });
    for (const cells of section.lines) line(cells, false);
    line(section.totals, true);
    add([section.due.label, section.due.amount], (row) => {
      row.font = bold;
      row.getCell(2).numFmt = FORMATS.money;
    });
  }
  add([]);
  add([doc.summary.label, doc.summary.amount], (row) => {
    row.font = bold;
    row.getCell(2).numFmt = FORMATS.money;
  });
  add([]);
  add([doc.filing.title], (row) => (row.font = { bold: true, size: 12 }));
  for (const line of doc.filing.lines) {
    add([line.label, 'amount' in line ? line.amount : line.text], (row) => {
      row.getCell(1).font = bold;
      if ('amount' in line) row.getCell(2).numFmt = FORMATS.money;
    });
  }
  sheet.commit();
}
