import { createRequire } from 'node:module';
import type { ReportJurisdiction } from '../entities/report-jurisdiction.entity.js';
import type { Report } from '../entities/report.entity.js';
import { type DocumentLanguage, fill, RETURN_LABELS } from './return-labels.js';
import { type ReturnCell, type ReturnDocument, returnDocument } from './return-document.js';
import { type CarrierAccount, type PdfReturnDocument, pdfReturnDocument } from './return-pdf-document.js';
import { loadPdfKit } from '../../common/documents/lazy-libraries.js';

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence that allows embedding): the PDF's 14 standard fonts have no
 * Cyrillic, and a Russian return must print in Russian. pdfkit embeds only the glyphs used.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 36;
const FIRST_COLUMN = 150;
const ROW_HEIGHT = 14;

const LOCALES: Record<DocumentLanguage, string> = { en: 'en-US', ru: 'ru-RU' };

function formatters(language: DocumentLanguage) {
  const locale = LOCALES[language];
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  // A worksheet's gallons are kept to thousandths: printed so, its lines add up to its Totals as a reader sees them.
  const gallons = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const rate = new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  return {
    money: (value: number) => money.format(value),
    cell: (cell: ReturnCell): string => {
      if ('text' in cell) return cell.text;
      if (cell.kind === 'money') return money.format(cell.value);
      if (cell.kind === 'rate') return rate.format(cell.value);
      return (cell.kind === 'gallons' ? gallons : whole).format(cell.value);
    },
  };
}

/**
 * The return as a PDF: landscape Letter; the carrier block, one table per fuel type, and (with the account's
 * settings) a summary page with the total to remit and where to pay it.
 */
export async function renderReturnPdf(doc: ReturnDocument | PdfReturnDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: doc.title, Producer: 'IFTA Fuel Tax' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', BOLD);
  const format = formatters(doc.language);
  const width = pdf.page.width - 2 * MARGIN;
  let columnCount = doc.columns.length;
  const otherWidth = () => (width - FIRST_COLUMN) / (columnCount - 1);
  const columnX = (index: number) => MARGIN + (index === 0 ? 0 : FIRST_COLUMN + (index - 1) * otherWidth());
  const columnWidth = (index: number) => (index === 0 ? FIRST_COLUMN : otherWidth()) - 4;
  const bottom = () => pdf.page.height - MARGIN - ROW_HEIGHT * 2;

  const row = (cells: string[], font: 'body' | 'bold', size = 8) => {
    const height = Math.max(
      ROW_HEIGHT,
      ...cells.map(
        (text, index) =>
          pdf
            .font(font)
            .fontSize(size)
            .heightOfString(text, { width: columnWidth(index) }) + 4,
      ),
    );
    if (pdf.y + height > bottom()) pdf.addPage();
    const y = pdf.y;
    cells.forEach((text, index) =>
      pdf
        .font(font)
        .fontSize(size)
        .text(text, columnX(index), y, { width: columnWidth(index), align: index === 0 ? 'left' : 'right' }),
    );
    pdf.x = MARGIN;
    pdf.y = y + height;
  };
  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#9ca3af')
      .stroke();
    pdf.y += 2;
  };
  const labelled = (label: string, text: string, font: 'body' | 'bold' = 'body') => {
    if (pdf.y + ROW_HEIGHT > bottom()) pdf.addPage();
    const y = pdf.y;
    pdf.font('bold').fontSize(9).text(label, MARGIN, y, { width: 200 });
    pdf
      .font(font)
      .fontSize(9)
      .text(text, MARGIN + 210, y, { width: width - 210 });
    pdf.x = MARGIN;
    pdf.y = Math.max(pdf.y, y + ROW_HEIGHT);
  };

  pdf.font('bold').fontSize(16).text(doc.title, MARGIN, MARGIN);
  pdf.moveDown(0.5);
  if ('carrier' in doc) {
    for (const { label, text } of doc.carrier) labelled(label, text, label === doc.carrier[0].label ? 'bold' : 'body');
    pdf.moveDown(0.5);
  }
  for (const { label, text } of doc.header) labelled(label, text);
  for (const section of doc.sections) {
    pdf.moveDown(1);
    if (pdf.y + ROW_HEIGHT * 4 > bottom()) pdf.addPage();
    pdf.font('bold').fontSize(12).text(section.title, MARGIN);
    pdf.font('body').fontSize(9).text(section.mpg, MARGIN);
    pdf.moveDown(0.3);
    row([...doc.columns], 'bold', 7.5);
    rule();
    for (const line of section.lines) row(line.map(format.cell), 'body');
    rule();
    row(section.totals.map(format.cell), 'bold');
    labelled(section.due.label, format.money(section.due.amount), 'bold');
  }
  pdf.moveDown(1);
  labelled(doc.summary.label, format.money(doc.summary.amount), 'bold');
  pdf.moveDown(1);
  pdf.font('bold').fontSize(12).text(doc.filing.title, MARGIN);
  for (const line of doc.filing.lines) labelled(line.label, 'amount' in line ? format.money(line.amount) : line.text);

  if ('summaryPage' in doc) {
    const summary = doc.summaryPage;
    pdf.addPage();
    pdf.font('bold').fontSize(14).text(summary.title, MARGIN, MARGIN);
    pdf.moveDown(0.5);
    columnCount = summary.columns.length;
    row([...summary.columns], 'bold', 8);
    rule();
    for (const line of summary.lines) row(line.map(format.cell), 'body', 9);
    rule();
    row(summary.totals.map(format.cell), 'bold', 9);
    pdf.moveDown(1);
    for (const line of summary.remit) {
      labelled(line.label, 'amount' in line ? format.money(line.amount) : line.text, 'bold');
    }
    pdf.moveDown(0.5);
    pdf.font('bold').fontSize(11).text(summary.payTo, MARGIN);
  }

  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    pdf.switchToPage(range.start + index);
    const label = fill(RETURN_LABELS[doc.language].page, { page: String(index + 1), pages: String(range.count) });
    const footerY = pdf.page.height - MARGIN - 10;
    pdf.font('body').fontSize(8).text(label, MARGIN, footerY, { width, align: 'right', lineBreak: false });
    // A page printed or handed on alone still says its figures are provisional, not only the first one.
    if (doc.provisional) {
      pdf
        .font('bold')
        .fontSize(8)
        .text(doc.provisional, MARGIN, footerY, { width: width / 2, lineBreak: false });
    }
  }
  pdf.end();
  return done;
}

/** The PDF job run on the worker pool (see common/workers): the whole document as bytes. */
export async function returnPdfBytes({
  report,
  rows,
  language,
  account,
  lineInterest,
}: {
  report: Report;
  rows: ReportJurisdiction[];
  language: DocumentLanguage;
  /** The account's carrier settings; without them the PDF is the schedules alone. */
  account?: CarrierAccount;
  lineInterest?: number[];
}): Promise<Uint8Array> {
  return renderReturnPdf(
    account
      ? pdfReturnDocument(report, rows, language, account, lineInterest ?? [])
      : returnDocument(report, rows, language),
  );
}
