import ExcelJS from 'exceljs';

/** A test job that needs exceljs, as the report and template exports do: answers a new workbook's sheet count. */
export function workbookSheets(): number {
  return new ExcelJS.Workbook().worksheets.length;
}
