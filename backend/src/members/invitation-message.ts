/** The invitation e-mail, in the inviting company's language (its link works once, within seven days). */
export function invitationMessage(
  companyName: string,
  role: string,
  link: string,
  language: 'en' | 'ru',
): { subject: string; text: string } {
  if (language === 'ru') {
    return {
      subject: `Приглашение в ${companyName} в IFTA Fuel Tax`,
      text:
        `Вас пригласили в компанию ${companyName} в IFTA Fuel Tax с ролью ${role}.\n\n` +
        `Чтобы присоединиться, откройте эту ссылку в течение 7 дней (она действует один раз):\n${link}\n\n` +
        'Если вы не ждали этого письма, не обращайте на него внимания.\n',
    };
  }
  return {
    subject: `You are invited to ${companyName} on IFTA Fuel Tax`,
    text:
      `You are invited to join ${companyName} on IFTA Fuel Tax as ${role}.\n\n` +
      `To join, open this link within 7 days (it works once):\n${link}\n\n` +
      'If you did not expect this e-mail, ignore it.\n',
  };
}
