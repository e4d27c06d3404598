import { describe, expect, it } from '@jest/globals';
import { overdueReminderDue, reminderDue } from './reminder.job.js';
import { reminderMessage } from './reminder-message.js';

describe('reminderDue', () => {
  // Q4-2026 is due Monday 2027-02-01.
  it('is nothing before 14 days ahead, 14 from then, 3 from three days ahead, nothing from the due date on', () => {
    expect(reminderDue('2027-01-17', '2027-02-01')).toBeNull();
    expect(reminderDue('2027-01-18', '2027-02-01')).toBe(14);
    expect(reminderDue('2027-01-28', '2027-02-01')).toBe(14);
    expect(reminderDue('2027-01-29', '2027-02-01')).toBe(3);
    expect(reminderDue('2027-01-31', '2027-02-01')).toBe(3);
    expect(reminderDue('2027-02-01', '2027-02-01')).toBeNull();
  });
});

describe('overdueReminderDue', () => {
  it('is nothing up to the due date, then the latest of 1, 7, 14, 30, 60 and 90 days late reached, as a negative', () => {
    expect(overdueReminderDue('2027-02-01', '2027-02-01')).toBeNull();
    expect(overdueReminderDue('2027-02-02', '2027-02-01')).toBe(-1);
    expect(overdueReminderDue('2027-02-07', '2027-02-01')).toBe(-1);
    expect(overdueReminderDue('2027-02-08', '2027-02-01')).toBe(-7);
    expect(overdueReminderDue('2027-03-03', '2027-02-01')).toBe(-30);
    expect(overdueReminderDue('2027-12-01', '2027-02-01')).toBe(-90);
  });
});

describe('reminderMessage', () => {
  const facts = { to: 'a@example.com', period: 'Q4-2026', dueDate: '2027-02-01', daysLeft: 14 };

  it('writes English with the date in the account format', () => {
    const message = reminderMessage({ ...facts, language: 'en', dateFormat: 'MM/DD/YYYY' });
    expect(message.subject).toBe('Reminder: your IFTA return for Q4-2026 is due 02/01/2027');
    expect(message.text).toContain('(14 days left)');
  });

  it("names the company, so a preparer tells its clients' reminders apart", () => {
    const en = reminderMessage({ ...facts, language: 'en', dateFormat: 'MM/DD/YYYY', companyName: 'Blue Ridge' });
    expect(en.text).toContain('Your IFTA return for Q4-2026 (Blue Ridge) is due on 02/01/2027');
    const ru = reminderMessage({ ...facts, language: 'ru', dateFormat: 'DD/MM/YYYY', companyName: 'Blue Ridge' });
    expect(ru.text).toContain('декларации IFTA за Q4-2026 (Blue Ridge) — 01/02/2027');
  });

  it('writes Russian for a Russian account, DD/MM/YYYY when chosen', () => {
    const message = reminderMessage({ ...facts, language: 'ru', dateFormat: 'DD/MM/YYYY' });
    expect(message.subject).toBe('Напоминание: декларация IFTA за Q4-2026 — срок 01/02/2027');
  });

  it('says how late an overdue return is, and that the penalty and interest already run', () => {
    const en = reminderMessage({
      ...facts,
      daysLeft: -26,
      language: 'en',
      dateFormat: 'MM/DD/YYYY',
      companyName: 'Blue Ridge',
    });
    expect(en.subject).toBe('Overdue: your IFTA return for Q4-2026 (Blue Ridge) was due 02/01/2027');
    expect(en.text).toContain('was due on 02/01/2027 and is 26 days overdue');
    expect(en.text).toContain('penalty of at least $50');
    const ru = reminderMessage({ ...facts, daysLeft: -26, language: 'ru', dateFormat: 'DD/MM/YYYY' });
    expect(ru.subject).toBe('Просрочено: декларация IFTA за Q4-2026 — срок был 01/02/2027');
    expect(ru.text).toContain('просрочено дней: 26');
  });
});
