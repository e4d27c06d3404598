import type { calendarEn } from './calendar.en';

/** Russian messages of the filing calendar; the same keys as calendar.en.ts. */
export const calendarRu: typeof calendarEn = {
  next_due: {
    title: 'Ближайший срок подачи',
    period: 'Декларация за %{period}',
    due: 'Срок: %{date}',
    days_left: 'Остался %{smart_count} день |||| Осталось %{smart_count} дня |||| Осталось %{smart_count} дней',
    due_today: 'Срок — сегодня',
    overdue:
      'Просрочена на %{smart_count} день |||| Просрочена на %{smart_count} дня |||| Просрочена на %{smart_count} дней',
    accruing: 'Подача сегодня добавит штраф %{penalty} и проценты %{interest}',
    accruing_rate_missing: 'Подача сегодня добавит штраф %{penalty} и проценты (годовая ставка не внесена)',
    recent: 'Последние четыре квартала',
    error: 'Не удалось загрузить календарь подачи',
  },
  state: {
    none: 'Не начата',
    draft: 'Черновик',
    final: 'Подана',
    filed_late: 'Подана с опозданием',
    overdue: 'Просрочена',
    amended: 'Уточнённая',
  },
  filing: {
    title: 'Подача',
    due_date: 'Срок подачи',
    filed_at: 'Дата подачи',
    not_filed: 'Не подана (черновик)',
    penalty: 'Штраф за просрочку',
    interest: 'Проценты за просрочку',
    on_time: 'Подана в срок',
    rate_missing: 'Нет годовой ставки',
    no_period: 'Для этого периода нет срока подачи',
    amounts_in_usd: 'Суммы в USD',
    save: 'Сохранить дату',
    saving: 'Сохранение...',
    saved: 'Дата подачи сохранена',
    penalty_rule: 'Большее из $50 и 10% чистого налога с надбавками к уплате',
    interest_rule: 'За каждый полный или неполный месяц на налог с надбавкой к уплате по каждой юрисдикции',
  },
  currency: {
    note_usd: 'Суммы показаны в долларах США (USD) — валюте деклараций IFTA.',
    note_cad:
      'Декларации IFTA рассчитываются в долларах США: суммы остаются в USD и так и подписаны. Настройка CAD сохраняется для ваших записей и не пересчитывает суммы.',
  },
};
