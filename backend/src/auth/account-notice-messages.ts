/** The e-mails that tell an account's owner what others did with their address, in the account's language. */
export type AccountNoticeKind = 'many-failed-sign-ins' | 'registration-attempt';

export interface AccountNoticeFacts {
  email: string;
  publicUrl: string;
  /** The failure window, in minutes, and the failures in it that reached the ceiling (many-failed-sign-ins). */
  windowMinutes: number;
  failures: number;
}

export function accountNoticeMessage(
  kind: AccountNoticeKind,
  facts: AccountNoticeFacts,
  language: 'en' | 'ru',
): { subject: string; text: string } {
  const { email, publicUrl } = facts;
  if (kind === 'many-failed-sign-ins') {
    if (language === 'ru') {
      return {
        subject: 'Много неудачных попыток входа в ваш аккаунт IFTA Fuel Tax',
        text:
          `За последние ${facts.windowMinutes} мин. было ${facts.failures} неудачных попыток войти в аккаунт ` +
          `IFTA Fuel Tax ${email}.\n\n` +
          'Ваш аккаунт не заблокирован: из браузера, в котором вы уже входили, вы входите как обычно; из нового ' +
          'браузера попытки входа на время разнесены по времени. Если это были не вы, кто-то может подбирать ваш ' +
          `пароль: выберите надёжный или сбросьте его на ${publicUrl}/forgot-password (сброс также снимает ` +
          'ограничение).\n',
      };
    }
    return {
      subject: 'Many failed sign-ins to your IFTA Fuel Tax account',
      text:
        `In the last ${facts.windowMinutes} minutes there were ${facts.failures} failed attempts to sign in to ` +
        `the IFTA Fuel Tax account ${email}.\n\n` +
        'Your account is not locked: from a browser you have signed in with before you sign in as usual; from a new ' +
        'one, sign-ins are spaced out for a while. If it was not you, someone may be guessing your password: choose a ' +
        `strong one, or reset it at ${publicUrl}/forgot-password (a reset also ends the spacing).\n`,
    };
  }
  if (language === 'ru') {
    return {
      subject: 'Кто-то пытался зарегистрироваться с вашим адресом e-mail',
      text:
        `Кто-то пытался создать новый аккаунт IFTA Fuel Tax с адресом ${email}, у которого уже есть аккаунт, ` +
        'поэтому новый создан не был.\n\n' +
        `Если это были вы, войдите на ${publicUrl}/login или выберите новый пароль на ` +
        `${publicUrl}/forgot-password. Если это были не вы, не обращайте внимания на это письмо.\n`,
    };
  }
  return {
    subject: 'Someone tried to register with your e-mail address',
    text:
      `Someone tried to create a new IFTA Fuel Tax account with ${email}, which already has an account, so none was ` +
      'created.\n\n' +
      `If it was you, sign in at ${publicUrl}/login, or choose a new password at ` +
      `${publicUrl}/forgot-password. If it was not you, you can ignore this e-mail.\n`,
  };
}
