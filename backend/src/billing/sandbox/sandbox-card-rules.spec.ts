import { describe, expect, it } from '@jest/globals';
import { cardBrand, checkCard, luhnValid } from './sandbox-card-rules.js';

const now = new Date('2026-11-22T12:00:00Z');
const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

describe('sandbox card rules', () => {
  it('accepts the success card and keeps only brand, last 4 and expiry', () => {
    expect(checkCard(card, now)).toEqual({
      ok: true,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      behaviour: 'succeed',
    });
  });

  it('gives the decline and the attach-but-fail cards their behaviours', () => {
    expect(checkCard({ ...card, number: '4000000000000002' }, now)).toMatchObject({ behaviour: 'decline' });
    expect(checkCard({ ...card, number: '4000000000000341' }, now)).toMatchObject({ behaviour: 'fail_charge' });
  });

  it('refuses a Luhn-invalid number naming the number', () => {
    expect(checkCard({ ...card, number: '4242424242424241' }, now)).toEqual({
      ok: false,
      field: 'number',
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
  });

  it('refuses a past expiry, this year and earlier years, and accepts the current month', () => {
    expect(checkCard({ ...card, exp_year: 2025 }, now)).toMatchObject({ ok: false, field: 'exp_year' });
    expect(checkCard({ ...card, exp_month: 10, exp_year: 2026 }, now)).toMatchObject({
      ok: false,
      field: 'exp_month',
      message: "Your card's expiration date is in the past.",
    });
    expect(checkCard({ ...card, exp_month: 11, exp_year: 2026 }, now)).toMatchObject({ ok: true });
  });

  it('reads a two-digit year as 20YY', () => {
    expect(checkCard({ ...card, exp_year: 31 }, now)).toMatchObject({ ok: true, exp_year: 2031 });
  });

  it('refuses a month outside 1-12', () => {
    expect(checkCard({ ...card, exp_month: 13 }, now)).toMatchObject({ ok: false, field: 'exp_month' });
  });

  it('wants 3 CVC digits, 4 for amex', () => {
    expect(checkCard({ ...card, cvc: '12' }, now)).toMatchObject({
      ok: false,
      field: 'cvc',
      message: "Your card's security code is invalid.",
    });
    expect(checkCard({ ...card, number: '378282246310005', cvc: '123' }, now)).toMatchObject({ field: 'cvc' });
    expect(checkCard({ ...card, number: '378282246310005', cvc: '1234' }, now)).toMatchObject({ brand: 'amex' });
  });

  it('knows the brands and the Luhn sum', () => {
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });
});
