import { Decimal } from '../ifta/index.js';
import type { AccountWriting } from '../users/account-profile.service.js';

type Language = AccountWriting['language'];

/** US dollars as the invoices write them in every language ($1,110.00); the sign is said in words. */
const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dollars = (value: Decimal) => `$${grouped.format(Number(value.abs().toFixed(2)))}`;

/** A return's total as the carrier reads it: an amount due, or a credit (a negative total) named as one. */
function total(value: Decimal, language: Language): string {
  if (language === 'ru') return value.isNegative() ? `переплата ${dollars(value)}` : `${dollars(value)} к уплате`;
  return value.isNegative() ? `a credit of ${dollars(value)}` : `${dollars(value)} due`;
}

/**
 * What the change means, with its sign kept: more or less to pay while the return owes tax, the credit growing or
 * shrinking while it is a credit, and both halves when the published rates turn one into the other.
 */
function change(before: Decimal, after: Decimal, language: Language): string {
  const by = dollars(after.minus(before));
  const ru = language === 'ru';
  if (!before.isNegative() && !after.isNegative()) {
    if (after.greaterThan(before)) return ru ? `к уплате на ${by} больше` : `${by} more is due`;
    return ru ? `к уплате на ${by} меньше (эту сумму можно заявить к зачёту)` : `${by} less is due (a credit to claim)`;
  }
  if (before.isNegative() && after.isNegative()) {
    if (after.lessThan(before)) return ru ? `переплата больше на ${by}` : `the credit grows by ${by}`;
    return ru ? `переплата меньше на ${by}` : `the credit shrinks by ${by}`;
  }
  if (after.isNegative()) {
    return ru
      ? `вместо уплаты ${dollars(before)} у вас переплата ${dollars(after)}`
      : `instead of paying ${dollars(before)} you have a credit of ${dollars(after)} to claim`;
  }
  return ru
    ? `вместо переплаты ${dollars(before)} к уплате ${dollars(after)}`
    : `instead of a credit of ${dollars(before)}, ${dollars(after)} is due`;
}

/**
 * The e-mail of a filed return whose tax due moved when the quarter's rates were published: whose return, what
 * changed and by how much (a credit named as a credit, never a bare amount whose sign was dropped), and where the
 * one-step amendment is, in the account's language.
 */
export function rateNoticeMessage(input: {
  /** The rates' quarter, as the matrix names it (Q3-2026). */
  quarter: string;
  /** The return's period. */
  period: string;
  /** The company whose return it is: a preparer reads the notices of many. */
  company: string;
  before: number | string;
  after: number | string;
  link: string;
  writing: Pick<AccountWriting, 'language'>;
}): { subject: string; text: string } {
  const { quarter, period, company, link } = input;
  const language = input.writing.language;
  const before = new Decimal(input.before);
  const after = new Decimal(input.after);
  if (language === 'ru') {
    return {
      subject: `IFTA опубликовала ставки ${quarter}: поданная декларация ${company} изменилась`,
      text:
        `IFTA, Inc. опубликовала налоговые ставки ${period}. Декларация ${company} за ${period} была подана по ` +
        `предварительным или с тех пор исправленным ставкам. По опубликованным ставкам: ${total(after, language)} ` +
        `(при подаче: ${total(before, language)}), то есть ${change(before, after, language)}.\n\n` +
        `Подайте уточнённую декларацию в один шаг со своей панели:\n${link}\n`,
    };
  }
  return {
    subject: `IFTA published ${quarter} rates: ${company}'s filed return changes`,
    text:
      `IFTA, Inc. has published the tax rates of ${period}. ${company}'s ${period} return was filed with provisional ` +
      `or since-corrected rates: at the published rates it comes to ${total(after, language)} instead of ` +
      `${total(before, language)}, so ${change(before, after, language)}.\n\n` +
      `File the amended return in one step from your dashboard:\n${link}\n`,
  };
}
