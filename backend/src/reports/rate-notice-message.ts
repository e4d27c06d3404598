import type { AccountWriting } from '../users/account-profile.service.js';

const money = (value: number) => `$${Math.abs(value).toFixed(2)}`;

/**
 * The e-mail of a filed return whose tax due moved when the quarter's rates were published: what changed, by how
 * much, and where the one-step amendment is, in the account's language.
 */
export function rateNoticeMessage(input: {
  /** The rates' quarter, as the matrix names it (Q3-2026). */
  quarter: string;
  /** The return's period. */
  period: string;
  before: number;
  after: number;
  link: string;
  writing: Pick<AccountWriting, 'language'>;
}): { subject: string; text: string } {
  const { quarter, period, before, after, link } = input;
  const difference = after - before;
  if (input.writing.language === 'ru') {
    const change =
      difference > 0
        ? `к уплате на ${money(difference)} больше`
        : `к уплате на ${money(difference)} меньше (эту сумму можно заявить к зачёту)`;
    return {
      subject: `IFTA опубликовала ставки ${quarter}: ваша поданная декларация изменилась`,
      text:
        `IFTA, Inc. опубликовала налоговые ставки ${period}. Ваша декларация за ${period} была подана по ` +
        `предварительным или с тех пор исправленным ставкам: по опубликованным ставкам она составляет ` +
        `${money(after)} вместо ${money(before)}, то есть ${change}.\n\n` +
        `Подайте уточнённую декларацию в один шаг со своей панели:\n${link}\n`,
    };
  }
  const change =
    difference > 0 ? `${money(difference)} more is due` : `${money(difference)} less is due (a credit to claim)`;
  return {
    subject: `IFTA published ${quarter} rates: your filed return changes`,
    text:
      `IFTA, Inc. has published the tax rates of ${period}. Your ${period} return was filed with provisional or ` +
      `since-corrected rates: at the published rates it comes to ${money(after)} instead of ${money(before)}, so ` +
      `${change}.\n\nFile the amended return in one step from your dashboard:\n${link}\n`,
  };
}
