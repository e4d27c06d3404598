import { createRequire } from 'node:module';
import type { PdfLine } from './invoice-document.js';
import { loadPdfKit } from '../common/documents/lazy-libraries.js';

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence that allows embedding): the PDF's 14 standard fonts have no
 * Cyrillic, and a Russian account's invoice must print in Russian. pdfkit embeds only the glyphs used.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 72;

export interface InvoicePdf {
  lines: PdfLine[];
  /** The invoice number, the PDF's title. */
  title: string;
  language: string;
  /**
   * The PDF's creation date (the invoice's): without it pdfkit stamps the clock, and the same invoice fetched twice
   * would be two different files.
   */
  created: Date;
}

/** The invoice as a one-page portrait Letter PDF, its lines one under another. */
export async function renderInvoicePdf({ lines, title, language, created }: InvoicePdf): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    lang: language,
    info: { Title: title, Producer: 'IFTA Fuel Tax', Creator: 'IFTA Fuel Tax', CreationDate: created },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', BOLD);
  const width = pdf.page.width - 2 * MARGIN;
  for (const line of lines) {
    pdf.y += line.gap ?? 0;
    pdf
      .font(line.bold ? 'bold' : 'body')
      .fontSize(line.size ?? 11)
      .text(line.text, MARGIN, pdf.y, { width, lineGap: 4 });
  }
  pdf.end();
  return done;
}

/** The PDF job run on the worker pool (see common/workers): the whole document as bytes. */
export function invoicePdfBytes(task: InvoicePdf): Promise<Uint8Array> {
  return renderInvoicePdf(task);
}
