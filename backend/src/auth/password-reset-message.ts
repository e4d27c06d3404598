/** The password-reset e-mail, in the account's language (its link works once, within an hour). */
export function passwordResetMessage(
  email: string,
  link: string,
  language: 'en' | 'ru',
): { subject: string; text: string } {
  if (language === 'ru') {
    return {
      subject: 'Сброс пароля IFTA Fuel Tax',
      text:
        `Кто-то попросил сбросить пароль учётной записи IFTA Fuel Tax ${email}.\n\n` +
        `Чтобы выбрать новый пароль, откройте эту ссылку в течение часа (она действует один раз):\n${link}\n\n` +
        'Если это были не вы, не обращайте внимания на это письмо: ваш пароль останется прежним.\n',
    };
  }
  return {
    subject: 'Reset your IFTA Fuel Tax password',
    text:
      `Someone asked to reset the password of the IFTA Fuel Tax account ${email}.\n\n` +
      `To choose a new password, open this link within an hour (it works once):\n${link}\n\n` +
      'If it was not you, ignore this e-mail: your password stays as it is.\n',
  };
}
