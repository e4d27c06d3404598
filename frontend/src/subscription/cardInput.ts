/**
 * Parsing and completeness of the sandbox card form's own inputs. The server decides whether a card
 * is valid (Luhn, expiry, CVC, test-card rules); the browser only knows when an entry is complete.
 */
export const digitsOnly = (raw: string): string => raw.replace(/\D/g, '');

/** 4242424242424242 -> "4242 4242 4242 4242", at most 19 digits. */
export const formatCardNumber = (raw: string): string =>
  digitsOnly(raw)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" -> "12 / 30"; the slash appears once the month is typed. */
export const formatExpiryInput = (raw: string): string => {
  const digits = digitsOnly(raw).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

export const parseExpiry = (raw: string): { month: number; year: number } | null => {
  const digits = digitsOnly(raw);
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(digits.slice(2)) };
};

export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}

/** Complete: 13 to 19 digits, a real month, and a 3- or 4-digit CVC. */
export const isCardEntryComplete = ({ number, expiry, cvc }: CardEntry): boolean => {
  const digits = digitsOnly(number).length;
  return digits >= 13 && digits <= 19 && parseExpiry(expiry) !== null && /^\d{3,4}$/.test(cvc);
};
