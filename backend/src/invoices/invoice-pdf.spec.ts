import { describe, expect, it } from '@jest/globals';
import { pdfString, renderPdf } from './invoice-pdf.js';

describe('renderPdf', () => {
  const pdf = renderPdf([{ text: 'Invoice INV-000001', bold: true, size: 18 }, { text: 'Total: $59.00' }], 'INV-1');
  const text = pdf.toString('latin1');

  it('writes a PDF with header, trailer and end marker', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Invoice INV-000001) Tj');
    expect(text).toContain('(Total: $59.00) Tj');
  });

  it('points the cross-reference table at every object', () => {
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  });

  it('gives the content stream its exact length', () => {
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
    expect(Number(match?.[1])).toBe(Buffer.byteLength(match?.[2] ?? '', 'latin1'));
  });

  it('escapes parentheses and backslashes and replaces what Helvetica cannot show', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
    expect(pdfString('Компания')).toBe('(????????)');
  });
});
