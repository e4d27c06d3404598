/**
 * The sandbox's card checks, pure. They follow the card provider's well-known test cards and its error sentences,
 * so a user of the sandbox sees what they would see with the real provider.
 */
export type SandboxBehaviour = 'succeed' | 'decline' | 'fail_charge';

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardField = keyof CardInput;

export type CardCheck =
  | { ok: true; brand: string; last4: string; exp_month: number; exp_year: number; behaviour: SandboxBehaviour }
  | { ok: false; field: CardField; code: string; message: string };

/** Test numbers with a special behaviour; every other valid number succeeds. */
const BEHAVIOURS: Record<string, SandboxBehaviour> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'decline',
  '4000000000000341': 'fail_charge',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  return 'unknown';
}

const fail = (field: CardField, code: string, message: string): CardCheck => ({ ok: false, field, code, message });

export function checkCard(input: CardInput, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length < 12 || digits.length > 19 || !luhnValid(digits)) {
    return fail('number', 'invalid_number', 'Your card number is invalid.');
  }
  if (!Number.isInteger(input.exp_month) || input.exp_month < 1 || input.exp_month > 12) {
    return fail('exp_month', 'invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  // Two-digit years are read as 20YY, as card forms send them.
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) {
    return fail('exp_year', 'invalid_expiry_year', "Your card's expiration year is invalid.");
  }
  if (year < now.getUTCFullYear()) {
    return fail('exp_year', 'invalid_expiry_year_past', "Your card's expiration year is in the past.");
  }
  if (year === now.getUTCFullYear() && input.exp_month < now.getUTCMonth() + 1) {
    return fail('exp_month', 'invalid_expiry_month_past', "Your card's expiration date is in the past.");
  }
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
    return fail('cvc', 'invalid_cvc', "Your card's security code is invalid.");
  }
  return {
    ok: true,
    brand,
    last4: digits.slice(-4),
    exp_month: input.exp_month,
    exp_year: year,
    behaviour: BEHAVIOURS[digits] ?? 'succeed',
  };
}
