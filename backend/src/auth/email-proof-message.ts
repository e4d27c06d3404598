/** The e-mail that proves an address, in the account's language (its link works once, for a week). */
export function emailProofMessage(
  email: string,
  link: string,
  language: 'en' | 'ru',
): { subject: string; text: string } {
  if (language === 'ru') {
    return {
      subject: 'Подтвердите адрес e-mail для IFTA Fuel Tax',
      text:
        `С адресом ${email} зарегистрирован аккаунт IFTA Fuel Tax.\n\n` +
        `Если это вы, откройте эту ссылку в течение недели (она действует один раз) и введите свой пароль:\n${link}\n\n` +
        'Если это были не вы, не открывайте ссылку: сбросьте пароль на странице входа («Забыли пароль?»), ' +
        'и всё, что добавил зарегистрировавшийся, будет удалено.\n',
    };
  }
  return {
    subject: 'Prove your e-mail address for IFTA Fuel Tax',
    text:
      `An IFTA Fuel Tax account was registered with the address ${email}.\n\n` +
      `If it was you, open this link within a week (it works once) and enter your password:\n${link}\n\n` +
      'If it was not you, do not open the link: reset the password from the sign-in page ("Forgot password?") ' +
      'and everything the person who registered added is removed.\n',
  };
}
