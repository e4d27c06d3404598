import { describe, expect, it } from '@jest/globals';
import { renewalFailedMessage } from './renewal-failed-message.js';

const input = {
  plan: 'Professional',
  amount: '49.00',
  currency: 'USD',
  failure: 'Your card was declined.',
  // 03:30 UTC on 8 March is still 7 March on America's west coast.
  accessUntil: new Date('2026-03-08T03:30:00Z'),
  settingsUrl: 'https://ifta.example/settings#payment-methods',
};

describe('the renewal-failed e-mail', () => {
  it("writes the last day of access in the account's date format, as its clock reads it", () => {
    const mail = renewalFailedMessage({
      ...input,
      writing: { language: 'en', dateFormat: 'DD/MM/YYYY', timeZone: 'America/Vancouver' },
    });
    expect(mail.subject).toBe('Your IFTA Fuel Tax renewal payment failed');
    expect(mail.text).toContain('Your account stays open until 07/03/2026.');
    expect(mail.text).toContain('could not be charged to your card: Your card was declined.');
  });

  it('is written in Russian for a Russian account, the card refusal too', () => {
    const mail = renewalFailedMessage({
      ...input,
      writing: { language: 'ru', dateFormat: 'MM/DD/YYYY', timeZone: 'America/New_York' },
    });
    expect(mail.subject).toBe('Не удалось оплатить продление IFTA Fuel Tax');
    expect(mail.text).toContain('Ваш аккаунт остаётся открытым до 03/07/2026.');
    expect(mail.text).toContain('не удалось списать с вашей карты: Ваша карта отклонена.');
    expect(mail.text).toContain('https://ifta.example/settings#payment-methods');
  });
});
