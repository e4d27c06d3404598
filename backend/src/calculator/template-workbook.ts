import { cellValue } from '../common/documents/cell-text.js';
import { IFTA_CODES, IFTA_JURISDICTIONS } from '../ifta/index.js';
import { loadExcelJs } from '../common/documents/lazy-libraries.js';

export const TEMPLATE_DATA_SHEET = 'IFTA Data';
export const TEMPLATE_HEADERS = ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'] as const;
/** Rows offered with the drop-down and number checks. */
export const TEMPLATE_ROWS = 200;

export interface TemplateInfo {
  company: string;
  period: string;
  generated: Date;
}

/** The import template: a data sheet with a jurisdiction drop-down of the 58 codes, and an instructions sheet. */
export async function buildTemplateWorkbook(info: TemplateInfo): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'IFTA Fuel Tax';
  workbook.created = info.generated;

  const data = workbook.addWorksheet(TEMPLATE_DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = [{ width: 18 }, { width: 14 }, { width: 15 }, { width: 19 }];
  const header = data.addRow([...TEMPLATE_HEADERS]);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
  });
  const last = TEMPLATE_ROWS + 1;
  for (let row = 2; row <= last; row++) {
    data.getCell(`A${row}`).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${IFTA_CODES.join(',')}"`],
      showErrorMessage: true,
      errorStyle: 'warning', // the account's own rate table may hold other abbreviations
      errorTitle: 'Unknown jurisdiction',
      error: 'Pick an IFTA jurisdiction code from the list.',
    };
    for (const column of ['B', 'C', 'D']) {
      const cell = data.getCell(`${column}${row}`);
      cell.dataValidation = {
        type: 'decimal',
        operator: 'greaterThanOrEqual',
        allowBlank: true,
        formulae: [0],
        showErrorMessage: true,
        errorTitle: 'Not a number',
        error: 'Enter a number that is 0 or more.',
      };
      cell.numFmt = column === 'D' ? '#,##0.0' : '#,##0';
    }
  }

  const help = workbook.addWorksheet('Instructions');
  help.columns = [{ width: 30 }, { width: 70 }];
  const title = help.addRow(['IFTA Import Template']);
  title.font = { bold: true, size: 14 };
  help.addRow(['Company', cellValue(info.company)]);
  help.addRow(['Tax Period', cellValue(info.period)]);
  help.addRow(['Generated', info.generated.toISOString().slice(0, 10)]);
  help.addRow([]);
  const steps = [
    `Fill in the "${TEMPLATE_DATA_SHEET}" sheet, one row per jurisdiction, starting on row 2.`,
    'State/Province: the two-letter code from the drop-down (e.g. TX, ON).',
    'Total Miles: all miles driven in that jurisdiction this quarter.',
    'Taxable Miles: the taxable miles (leave blank to use Total Miles).',
    'Gallons Purchased: tax-paid gallons bought there (decimals allowed).',
    'Numbers must be 0 or more; blank counts as 0. Formulas are read by their saved result.',
    'Save as .xlsx (at most 10 MB, 5,000 rows) and upload it in the calculator.',
  ];
  help.addRow(['How to fill it in']).font = { bold: true };
  steps.forEach((step, index) => help.addRow([`${index + 1}.`, step]));
  help.addRow([]);
  const listHeader = help.addRow(['Code', 'Jurisdiction']);
  listHeader.font = { bold: true };
  for (const j of IFTA_JURISDICTIONS) help.addRow([j.code, `${j.name} (${j.country})`]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
