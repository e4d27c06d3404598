import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import type { AuditEvent } from '../api/types';
import { changeRows, fieldLabel, whatLabel, whoLabel } from './auditLabels';
import { auditEn } from '../i18n/audit.en';
import { auditRu } from '../i18n/audit.ru';

const translator = (audit: typeof auditEn) => {
  const i18n = polyglotI18nProvider(() => ({ audit }) as unknown as TranslationMessages, 'x');
  return (key: string, options?: Record<string, unknown>) => i18n.translate(key, options) as string;
};
const en = translator(auditEn);
const ru = translator(auditRu);

describe('the activity log labels', () => {
  it('builds "What" from the action and the object in the screen language', () => {
    expect(whatLabel({ action: 'update', entity: 'report' }, en)).toBe('Edited report');
    expect(whatLabel({ action: 'update', entity: 'report' }, ru)).toBe('Изменил(а) отчёт');
    expect(whatLabel({ action: 'payment_record', entity: 'report' }, ru)).toBe('Записал(а) платёж');
    expect(whatLabel({ action: 'teleport', entity: 'report' }, en)).toBe('teleport report');
  });

  it('names the system and what it was doing, never an e-mail', () => {
    const repricing = {
      actor_email: null,
      actor_kind: 'system' as const,
      actor_description: 'IFTA Q3-2026 matrix v2 applied',
    };
    expect(whoLabel(repricing, en)).toBe('System · IFTA Q3-2026 rate matrix v2 applied');
    expect(whoLabel(repricing, ru)).toBe('Система · применена матрица ставок IFTA Q3-2026, версия 2');
    expect(whoLabel({ actor_email: null, actor_kind: 'system', actor_description: null }, ru)).toBe('Система');
    expect(whoLabel({ actor_email: 'bk@x.com', actor_kind: 'person', actor_description: null }, en)).toBe('bk@x.com');
  });

  it('gives a line its jurisdiction and fuel, and each side its changed figures', () => {
    expect(fieldLabel('line KY diesel', ru)).toBe('Строка KY · Дизель');
    expect(fieldLabel('line KY diesel from 2026-08-01', en)).toBe('Line KY · Diesel · from 2026-08-01');
    expect(
      changeRows(
        {
          'line KY diesel': { before: { taxable_miles: 10000 }, after: { taxable_miles: 9000 } },
          'line OH diesel': { before: null, after: { total_miles: 500 } },
          name: { before: 'Q3', after: 'Q3 draft' },
        } as unknown as AuditEvent['changes'],
        en,
      ),
    ).toEqual([
      {
        field: 'line KY diesel',
        label: 'Line KY · Diesel',
        before: 'Taxable miles: 10000',
        after: 'Taxable miles: 9000',
        kind: 'changed',
      },
      { field: 'line OH diesel', label: 'Line OH · Diesel', before: '—', after: 'Total miles: 500', kind: 'added' },
      { field: 'name', label: 'Name', before: 'Q3', after: 'Q3 draft', kind: 'changed' },
    ]);
  });
});
