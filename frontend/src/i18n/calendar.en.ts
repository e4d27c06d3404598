/** English messages of the filing calendar; calendar.ru.ts has exactly these keys. */
export const calendarEn = {
  next_due: {
    title: 'Next Return Due',
    period: 'Return for %{period}',
    due: 'Due %{date}',
    days_left: '%{smart_count} day left |||| %{smart_count} days left',
    due_today: 'Due today',
    recent: 'Last four quarters',
    error: 'Could not load the filing calendar',
  },
  state: {
    none: 'Not started',
    draft: 'Draft',
    final: 'Filed',
    filed_late: 'Filed late',
  },
  filing: {
    title: 'Filing',
    due_date: 'Due date',
    filed_at: 'Filed on',
    not_filed: 'Not filed (draft)',
    penalty: 'Late penalty',
    interest: 'Late interest',
    on_time: 'Filed on time',
    rate_missing: 'Annual rate missing',
    no_period: 'No due date for this period',
    amounts_in_usd: 'Amounts in USD',
    save: 'Save date',
    saving: 'Saving...',
    saved: 'Filing date saved',
    penalty_rule: 'Greater of $50 or 10% of the net tax and surcharges due',
    interest_rule: "Per month or part month on each jurisdiction's tax and surcharge due",
  },
  currency: {
    note_usd: 'Amounts are shown in US dollars (USD), the currency of IFTA returns.',
    note_cad:
      'IFTA returns are computed in US dollars: amounts stay in USD and are labelled so. The CAD setting is kept for your records and does not convert any amount.',
  },
};
