import { createRequire } from 'node:module';
import type { IvmrSummary } from './ivmr-summary.js';
import { loadPdfKit } from '../../common/documents/lazy-libraries.js';

// DejaVu Sans, as the return PDF: a unit or a VIN may be written in any script, and pdfkit embeds only glyphs used.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 40;
const ROW = 13;
const COLUMNS = ['Jurisdiction', 'Trips', 'Miles', 'Taxable miles', 'Gallons', 'MPG'];
const WIDTHS = [130, 60, 90, 90, 90, 60];

const ASCII = /^[\x20-\x7e]*$/;
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/**
 * The packet's mileage summary as a PDF (portrait Letter): per unit its VIN and fuel, a line per jurisdiction with
 * trips, miles, taxable miles and gallons, and its totals line with MPG. Run on the file threads (common/workers):
 * a fleet of 500 units is a few hundred lines of layout.
 */
export async function ivmrPdfBytes(summary: IvmrSummary): Promise<Uint8Array> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Vehicle mileage summary ${summary.period}`, Producer: 'IFTA Fuel Tax' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', BOLD);
  const bottom = () => pdf.page.height - MARGIN - ROW;
  const row = (cells: string[], bold: boolean) => {
    if (pdf.y + ROW > bottom()) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    // Placed by hand (a right-aligned cell at its column's right edge less its width): pdfkit's own alignment runs
    // its line wrapper for every cell. A cell of plain ASCII (figures, codes: nearly all of some 40,000 in a
    // 500-unit fleet) is set in Helvetica, which pdfkit measures from its metrics; laying text out in DejaVu
    // through fontkit took most of the time, so only other text goes that way.
    cells.forEach((text, i) => {
      const plain = ASCII.test(text);
      pdf.font(plain ? (bold ? 'Helvetica-Bold' : 'Helvetica') : bold ? 'bold' : 'body').fontSize(8);
      const left = i === 0 ? x : x + WIDTHS[i] - 6 - pdf.widthOfString(text);
      pdf.text(text, left, y, { lineBreak: false });
      x += WIDTHS[i];
    });
    pdf.x = MARGIN;
    pdf.y = y + ROW;
  };

  pdf.font('bold').fontSize(15).text(`Individual vehicle mileage summary, ${summary.period}`, MARGIN, MARGIN);
  pdf.font('body').fontSize(9).text(`${summary.units.length} units. Miles and gallons are exact sums of the records.`);
  if (summary.units.length === 0) pdf.moveDown().text('No trips or fuel purchases in this period.');
  for (const unit of summary.units) {
    if (pdf.y + ROW * 5 > bottom()) pdf.addPage();
    pdf.moveDown(0.8);
    pdf
      .font('bold')
      .fontSize(10)
      .text(`Unit ${unit.unit}   VIN ${unit.vin ?? '(not recorded)'}   Fuel ${unit.fuel_type}`, MARGIN);
    pdf.moveDown(0.2);
    row(COLUMNS, true);
    for (const j of unit.jurisdictions) {
      row(
        [
          j.jurisdiction,
          String(j.trips),
          number.format(j.miles),
          number.format(j.taxable_miles),
          number.format(j.gallons),
          '',
        ],
        false,
      );
    }
    row(
      [
        'Total',
        String(unit.trips),
        number.format(unit.miles),
        number.format(unit.taxable_miles),
        number.format(unit.gallons),
        unit.mpg === null ? '-' : unit.mpg.toFixed(2),
      ],
      true,
    );
  }
  pdf.end();
  return done;
}
