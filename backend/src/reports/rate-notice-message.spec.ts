import { describe, expect, it } from '@jest/globals';
import { rateNoticeMessage } from './rate-notice-message.js';

const input = {
  quarter: 'Q3-2026',
  period: 'Q3-2026',
  company: 'Heartland Freight',
  link: 'https://ifta.example/dashboard',
};
const en = (before: number, after: number) =>
  rateNoticeMessage({ ...input, before, after, writing: { language: 'en' } });
const ru = (before: number, after: number) =>
  rateNoticeMessage({ ...input, before, after, writing: { language: 'ru' } });

describe('the rate-notice e-mail', () => {
  it("names the company whose return changed, in the subject and the text: a preparer reads many companies' notices", () => {
    const mail = en(100, 158.5);
    expect(mail.subject).toBe("IFTA published Q3-2026 rates: Heartland Freight's filed return changes");
    expect(mail.text).toContain("Heartland Freight's Q3-2026 return was filed");
    expect(mail.text).toContain('https://ifta.example/dashboard');
    expect(ru(100, 158.5).subject).toBe(
      'IFTA опубликовала ставки Q3-2026: поданная декларация Heartland Freight изменилась',
    );
  });

  it('says what more or less is due while the return owes tax', () => {
    expect(en(100, 158.5).text).toContain('it comes to $158.50 due instead of $100.00 due, so $58.50 more is due.');
    expect(en(100, 90).text).toContain('so $10.00 less is due (a credit to claim).');
  });

  it('keeps the sign of a credit: -$62.47 becoming -$60.96 is a credit that shrinks by $1.51', () => {
    const shrinks = en(-62.47, -60.96).text;
    expect(shrinks).toContain(
      'it comes to a credit of $60.96 instead of a credit of $62.47, so the credit shrinks by $1.51.',
    );
    expect(shrinks).not.toContain('more is due');
    expect(en(-60.96, -62.47).text).toContain('so the credit grows by $1.51.');
  });

  it('says both halves when the published rates turn a payment into a credit or back', () => {
    expect(en(5, -3).text).toContain('so instead of paying $5.00 you have a credit of $3.00 to claim.');
    expect(en(-3, 5).text).toContain('so instead of a credit of $3.00, $5.00 is due.');
  });

  it('is written in Russian for a Russian account, a credit as a credit', () => {
    expect(ru(100, 158.5).text).toContain(
      'По опубликованным ставкам: $158.50 к уплате (при подаче: $100.00 к уплате), то есть к уплате на $58.50 больше.',
    );
    expect(ru(100, 90).text).toContain('к уплате на $10.00 меньше (эту сумму можно заявить к зачёту)');
    expect(ru(-62.47, -60.96).text).toContain(
      'По опубликованным ставкам: переплата $60.96 (при подаче: переплата $62.47), то есть переплата меньше на $1.51.',
    );
    expect(ru(100, 90).text).not.toMatch(/due|IFTA, Inc\. has/);
  });

  it('groups thousands as the invoices do', () => {
    expect(en(1051.5, 1110).text).toContain(
      'it comes to $1,110.00 due instead of $1,051.50 due, so $58.50 more is due.',
    );
  });

  it('takes the exact amounts the database keeps, as text', () => {
    expect(rateNoticeMessage({ ...input, before: '0.10', after: '0.30', writing: { language: 'en' } }).text).toContain(
      'so $0.20 more is due.',
    );
  });
});
