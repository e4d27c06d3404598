import { localiseMessage } from '../common/i18n/localise-message.js';
import { formatIsoDate, todayIn } from '../ifta/index.js';
import type { AccountWriting } from '../users/account-profile.service.js';

/**
 * The e-mail of a renewal the card refused: what failed, until when access stays, and where to fix the card. In the
 * account's language, the last day of access in its date format as its clock reads it.
 */
export function renewalFailedMessage(input: {
  plan: string;
  amount: number | string;
  currency: string;
  failure: string | null;
  accessUntil: Date;
  settingsUrl: string;
  writing: AccountWriting;
}): { subject: string; text: string } {
  const amount = `${Number(input.amount).toFixed(2)} ${input.currency}`;
  const until = formatIsoDate(todayIn(input.writing.timeZone, input.accessUntil), input.writing.dateFormat);
  if (input.writing.language === 'ru') {
    const failure = input.failure ? localiseMessage(input.failure, 'ru') : null;
    return {
      subject: 'Не удалось оплатить продление IFTA Fuel Tax',
      text:
        `Ежемесячное продление тарифа ${input.plan} (${amount}) не удалось списать с вашей карты` +
        `${failure ? `: ${failure}` : ''}.\n\n` +
        `Ваш аккаунт остаётся открытым до ${until}. Чтобы сохранить его, добавьте или выберите другую карту в ` +
        `Настройках и возобновите там подписку:\n${input.settingsUrl}\n`,
    };
  }
  return {
    subject: 'Your IFTA Fuel Tax renewal payment failed',
    text:
      `The monthly renewal of your ${input.plan} plan (${amount}) could not be charged to your card` +
      `${input.failure ? `: ${input.failure}` : ''}.\n\n` +
      `Your account stays open until ${until}. To keep it, add or choose another card in Settings, then resume the ` +
      `subscription there:\n${input.settingsUrl}\n`,
  };
}
