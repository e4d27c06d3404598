import { describe, expect, it } from '@jest/globals';
import { renderInvoicePdf } from './invoice-pdf.js';

describe('renderInvoicePdf', () => {
  const task = {
    lines: [{ text: 'Счёт INV-000001', bold: true, size: 14 }, { text: 'Итого: $59.00' }],
    title: 'INV-000001',
    language: 'ru',
    created: new Date('2026-03-08T03:30:00Z'),
  };

  it('writes a Letter PDF in the language given, with DejaVu Sans embedded for the Cyrillic', async () => {
    const text = (await renderInvoicePdf(task)).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toMatch(/\/MediaBox \[0 0 612 792\]/);
    expect(text).toContain('/Lang (ru)');
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('writes the same bytes for the same invoice, whenever it is asked for', async () => {
    const first = await renderInvoicePdf(task);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await renderInvoicePdf(task)).equals(first)).toBe(true);
  });
});
