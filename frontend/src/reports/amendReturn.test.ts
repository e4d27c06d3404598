import { describe, expect, test } from 'vitest';
import { reportsEn } from '../i18n/reports.en';
import { reportsRu } from '../i18n/reports.ru';
import { stateFromReport } from '../calculator/calculatorState';
import type { Report } from '../api/types';
import { amendmentChanges, formatChange } from './amendmentChanges';
import { downloadBaseName, formatMoney, formatRemit, reportTitle, type Translate } from './format';
import { exportFileName } from './useReportActions';

/** The messages as react-admin's translate reads them: a dotted key, %{name} filled in. */
const translator =
  (messages: Record<string, unknown>): Translate =>
  (key, options = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    if (typeof found !== 'string') throw new Error(`no message ${key}`);
    return found.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name]));
  };
const en = translator({ reports: reportsEn });
const ru = translator({ reports: reportsRu });

describe('a negative total reads as a credit', () => {
  test('in English and Russian, never with a minus sign', () => {
    expect(formatRemit(-6.8, en)).toBe('Credit $6.80');
    expect(formatRemit(-6.8, ru)).toBe('Переплата $6.80');
    expect(formatRemit('-1234.5', en)).toBe('Credit $1,234.50');
    expect(formatRemit(-6.8, en)).not.toMatch(/[-−]/);
  });

  test('an amount owed, or nothing, is money as it is', () => {
    expect(formatRemit(6.8, en)).toBe('$6.80');
    expect(formatRemit(0, en)).toBe('$0.00');
    // Less than a cent of credit rounds to nothing, not to "Credit $0.00".
    expect(formatRemit(-0.004, en)).toBe('$0.00');
  });
});

describe('an amendment is named by its number', () => {
  test('title and download names carry "Amendment N"; an original keeps its name', () => {
    const amendment = { name: 'IFTA Q3-2026 - Acme', amendment_number: 2 };
    expect(reportTitle(amendment, en)).toBe('IFTA Q3-2026 - Acme — Amendment 2');
    expect(reportTitle(amendment, ru)).toBe('IFTA Q3-2026 - Acme — Уточнение 2');
    expect(reportTitle({ name: 'IFTA Q3-2026 - Acme', amendment_number: null }, en)).toBe('IFTA Q3-2026 - Acme');
    expect(downloadBaseName(amendment)).toBe('IFTA Q3-2026 - Acme_Amendment-2');
    expect(exportFileName(amendment)).toBe('IFTA Q3-2026 - Acme_Amendment-2_report.xlsx');
    expect(exportFileName({ name: 'Original' })).toBe('Original_report.xlsx');
  });
});

const line = (code: string, taxDue: number, surchargeDue = 0) =>
  ({ code, fuel_type: 'diesel', tax_due: taxDue, surcharge_due: surchargeDue }) as Report['jurisdictions'][number];
const diff = (code: string, totalDue: number) => ({
  code,
  fuel_type: 'diesel',
  tax: totalDue,
  surcharge: 0,
  taxable_gallons: 0,
  total_due: totalDue,
});

describe('changes from the return it amends', () => {
  test('original, amended and difference foot per jurisdiction and in total', () => {
    const changes = amendmentChanges({
      jurisdictions: [line('TX', 40, 2.5), line('MO', -10)],
      difference: {
        previous_total_due: 25.3,
        totals: { tax: 7.2, surcharge: 0, taxable_gallons: 20, total_due: 7.2 },
        // OK was on the return amended and is not on the amendment: it owes nothing now.
        jurisdictions: [diff('TX', 10.5), diff('MO', -1), diff('OK', -2.3)],
      },
    });
    expect(
      changes?.rows.map(({ code, original, amended, difference }) => [code, original, amended, difference]),
    ).toEqual([
      ['TX', 32, 42.5, 10.5],
      ['MO', -9, -10, -1],
      ['OK', 2.3, 0, -2.3],
    ]);
    expect(changes?.total).toMatchObject({ original: 25.3, amended: 32.5, difference: 7.2 });
  });

  test('nothing for a report that amends nothing; a change keeps its sign', () => {
    expect(amendmentChanges({ jurisdictions: [line('TX', 1)], difference: null })).toBeNull();
    expect(formatChange(3.2, formatMoney)).toBe('+$3.20');
    expect(formatChange(-1.05, formatMoney)).toBe('−$1.05');
    expect(formatChange(0, formatMoney)).toBe('$0.00');
  });
});

describe('amending a filed return in the calculator', () => {
  const filed = {
    id: 'f1',
    name: 'IFTA Q3-2026 - Acme',
    company_name: 'Acme',
    license_number: '',
    tax_period: 'Q3-2026',
    average_mpg: 6,
    mpg_source: 'fleet',
    calculation_mode: 'official',
    status: 'final',
    is_final: true,
    filed_at: '2026-10-20',
    amendment_number: 1,
    jurisdictions: [
      { name: 'TX', code: 'TX', fuel_type: 'diesel', total_miles: 5000, taxable_miles: 5000, gallons_purchased: 0 },
      { name: 'MO', code: 'MO', fuel_type: 'diesel', total_miles: 1000, taxable_miles: 1000, gallons_purchased: 900 },
    ],
  } as unknown as Report;

  test('opens every line editable at once, as a new report that says what it amends', () => {
    const state = stateFromReport(filed);
    expect(state.jurisdictions.every((row) => row.isEditing)).toBe(true);
    expect(state).toMatchObject({
      reportId: null,
      isFinalCopy: true,
      amending: { name: 'IFTA Q3-2026 - Acme', amendmentNumber: 1, filedAt: '2026-10-20' },
    });
  });

  test('a draft is edited in place, its lines as they were; a worksheet final is a copy, not an amendment', () => {
    const draft = stateFromReport({ ...filed, status: 'draft', is_final: false } as Report);
    expect(draft).toMatchObject({ reportId: 'f1', isFinalCopy: false, amending: null });
    expect(draft.jurisdictions.some((row) => row.isEditing)).toBe(false);
    expect(stateFromReport({ ...filed, calculation_mode: 'worksheet' } as Report).amending).toBeNull();
  });
});
