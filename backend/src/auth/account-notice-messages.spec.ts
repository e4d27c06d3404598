import { describe, expect, it } from '@jest/globals';
import { accountNoticeMessage } from './account-notice-messages.js';

const facts = { email: 'owner@freight.example', publicUrl: 'https://ifta.example', windowMinutes: 15, failures: 100 };

describe('the account notices', () => {
  it('keep their English words for an English account', () => {
    const failed = accountNoticeMessage('many-failed-sign-ins', facts, 'en');
    expect(failed.subject).toBe('Many failed sign-ins to your IFTA Fuel Tax account');
    expect(failed.text).toContain('In the last 15 minutes there were 100 failed attempts to sign in to the IFTA');
    expect(failed.text).toContain('https://ifta.example/forgot-password');
    const register = accountNoticeMessage('registration-attempt', facts, 'en');
    expect(register.subject).toBe('Someone tried to register with your e-mail address');
    expect(register.text).toContain('sign in at https://ifta.example/login');
  });

  it('are written in Russian for a Russian account, with the same links and figures', () => {
    const failed = accountNoticeMessage('many-failed-sign-ins', facts, 'ru');
    expect(failed.subject).toBe('Много неудачных попыток входа в ваш аккаунт IFTA Fuel Tax');
    expect(failed.text).toContain('За последние 15 мин. было 100 неудачных попыток войти в аккаунт');
    expect(failed.text).toContain('https://ifta.example/forgot-password');
    const register = accountNoticeMessage('registration-attempt', facts, 'ru');
    expect(register.subject).toBe('Кто-то пытался зарегистрироваться с вашим адресом e-mail');
    expect(register.text).toContain('войдите на https://ifta.example/login');
    expect(register.text).not.toMatch(/Someone|sign in/);
  });
});
