/**
 * A minimal, valid one-page PDF 1.4 of text lines in the standard Helvetica fonts (no embedding needed). Written by
 * hand because an invoice is a dozen lines; a PDF library would be the largest dependency of the billing code.
 */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
}

const PAGE_WIDTH = 612; // US Letter
const PAGE_HEIGHT = 792;
const MARGIN = 72;

/** PDF strings escape \, ( and ); the standard fonts cover Latin-1, so anything else becomes '?'. */
export function pdfString(text: string): string {
  const latin1 = Array.from(text, (ch) => (ch.charCodeAt(0) <= 0xff ? ch : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

export function renderPdf(lines: PdfLine[], title: string): Buffer {
  let y = PAGE_HEIGHT - MARGIN;
  const content = lines
    .map((line) => {
      const size = line.size ?? 11;
      y -= size + 6 + (line.gap ?? 0);
      return `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y} Td ${pdfString(line.text)} Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (IFTA Fuel Tax) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  body += `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The PDF job run on the worker pool (see common/workers). */
export function renderPdfJob({ lines, title }: { lines: PdfLine[]; title: string }): Uint8Array {
  return renderPdf(lines, title);
}
