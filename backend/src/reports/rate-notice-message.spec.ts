import { describe, expect, it } from '@jest/globals';
import { rateNoticeMessage } from './rate-notice-message.js';

const input = { quarter: 'Q3-2026', period: 'Q3-2026', link: 'https://ifta.example/dashboard' };

describe('the rate-notice e-mail', () => {
  it('says in English what more is due, as before', () => {
    const mail = rateNoticeMessage({ ...input, before: 100, after: 158.5, writing: { language: 'en' } });
    expect(mail.subject).toBe('IFTA published Q3-2026 rates: your filed return changes');
    expect(mail.text).toContain('it comes to $158.50 instead of $100.00, so $58.50 more is due.');
    expect(mail.text).toContain('https://ifta.example/dashboard');
  });

  it('is written in Russian for a Russian account, a credit as a credit', () => {
    const more = rateNoticeMessage({ ...input, before: 100, after: 158.5, writing: { language: 'ru' } });
    expect(more.subject).toBe('IFTA опубликовала ставки Q3-2026: ваша поданная декларация изменилась');
    expect(more.text).toContain('она составляет $158.50 вместо $100.00, то есть к уплате на $58.50 больше.');
    expect(more.text).toContain('https://ifta.example/dashboard');
    const less = rateNoticeMessage({ ...input, before: 100, after: 90, writing: { language: 'ru' } });
    expect(less.text).toContain('к уплате на $10.00 меньше (эту сумму можно заявить к зачёту)');
    expect(less.text).not.toMatch(/due|IFTA, Inc\. has/);
  });
});
