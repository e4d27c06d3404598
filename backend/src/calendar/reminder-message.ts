import { formatIsoDate } from '../ifta/index.js';
import type { MailMessage } from '../mail/mail-transport.js';

export interface ReminderFacts {
  to: string;
  language: string;
  dateFormat: string;
  period: string;
  dueDate: string;
  /** Days until the due date; negative once it has passed (-26: 26 days overdue). */
  daysLeft: number;
  /** The company the return is for: a preparer receives the reminders of several client companies. */
  companyName?: string;
}

/** The reminder e-mail in the account's language (English or Russian), the due date in its date format. */
export function reminderMessage(facts: ReminderFacts): MailMessage {
  const due = formatIsoDate(facts.dueDate, facts.dateFormat);
  const company = facts.companyName ? ` (${facts.companyName})` : '';
  if (facts.daysLeft < 0) return overdueMessage(facts, due, company);
  if (facts.language === 'ru') {
    return {
      to: facts.to,
      subject: `Напоминание: декларация IFTA за ${facts.period} — срок ${due}`,
      text:
        `Здравствуйте!\n\nСрок подачи декларации IFTA за ${facts.period}${company} — ${due} (осталось дней: ${facts.daysLeft}). ` +
        `Окончательный отчёт за этот квартал ещё не сохранён.\n\nПодача после срока влечёт штраф не менее $50 ` +
        `и проценты за каждый месяц просрочки.\n\nIFTA Fuel Tax`,
    };
  }
  return {
    to: facts.to,
    subject: `Reminder: your IFTA return for ${facts.period} is due ${due}`,
    text:
      `Hello,\n\nYour IFTA return for ${facts.period}${company} is due on ${due} (${facts.daysLeft} days left). ` +
      `No final report for this quarter has been saved yet.\n\nFiling late costs a penalty of at least $50 ` +
      `plus interest for every month or part of a month.\n\nIFTA Fuel Tax`,
  };
}

/** A return whose due date has passed: how late it is, and that the penalty and interest already run. */
function overdueMessage(facts: ReminderFacts, due: string, company: string): MailMessage {
  const late = -facts.daysLeft;
  if (facts.language === 'ru') {
    return {
      to: facts.to,
      subject: `Просрочено: декларация IFTA за ${facts.period}${company} — срок был ${due}`,
      text:
        `Здравствуйте!\n\nСрок подачи декларации IFTA за ${facts.period}${company} истёк ${due} (просрочено дней: ` +
        `${late}). Окончательный отчёт за этот квартал ещё не сохранён.\n\nЗа подачу после срока начисляется штраф ` +
        `не менее $50, а проценты растут с каждым месяцем просрочки: подайте декларацию как можно скорее.\n\nIFTA Fuel Tax`,
    };
  }
  return {
    to: facts.to,
    subject: `Overdue: your IFTA return for ${facts.period}${company} was due ${due}`,
    text:
      `Hello,\n\nYour IFTA return for ${facts.period}${company} was due on ${due} and is ${late} ` +
      `${late === 1 ? 'day' : 'days'} overdue. No final report for this quarter has been saved yet.\n\nA late return ` +
      `owes a penalty of at least $50, and interest grows every month or part of a month it stays unfiled: file it ` +
      `as soon as you can.\n\nIFTA Fuel Tax`,
  };
}
