import type { officialEn } from './official.en';

/** Русские тексты официальной декларации. */
export const officialRu: typeof officialEn = {
  mode: {
    label: 'Расчёт',
    official: 'Официальная декларация (MPG парка, целые галлоны, надбавки)',
    worksheet: 'Рабочий лист (введённый MPG, галлоны без округления)',
    official_short: 'Официальная декларация',
    worksheet_short: 'Рабочий лист',
  },
  mpg: {
    fleet: 'MPG парка %{mpg} (все мили / все галлоны)',
    typed: 'Введённый MPG %{mpg} заменяет MPG парка %{fleet}',
    none: 'Введите мили и галлоны, чтобы вычислить MPG парка',
  },
  rate_source: {
    official: 'Ставка из таблицы %{period}',
    override: 'Ваше изменение таблицы %{period}',
    typed: 'Введённая ставка (нет в таблице %{period})',
    provisional: 'Предварительная ставка (из %{from}): ставок на %{period} ещё нет',
    column: 'Источник ставки',
    official_short: 'Официальная',
    override_short: 'Ваше изменение',
    typed_short: 'Введена',
    provisional_short: 'Предварительная',
    missing: 'Нет ставки на %{period}: импортируйте матрицу или добавьте ставку на странице «Налоговые ставки»',
    report_note:
      'Предварительные ставки (из %{from}): ставки на %{period} ещё не опубликованы, поэтому взяты ставки последнего квартала. Сохраните отчёт снова после импорта матрицы ставок.',
  },
  pdf: {
    download: 'Скачать PDF',
    downloading: 'Готовим PDF...',
    error: 'Ошибка загрузки PDF',
  },
  fuel_chips: 'Виды топлива',
  non_tax_paid_gallons: 'Галлоны без уплаты налога',
  non_tax_paid_litres: 'Литры без уплаты налога',
  schedule: {
    title: 'Официальная таблица (%{fuel})',
    jurisdiction: 'Юрисдикция',
    total_miles: 'Всего миль',
    taxable_miles: 'Облагаемые мили',
    taxable_gallons: 'Облагаемые галлоны',
    tax_paid_gallons: 'Галлоны с уплаченным налогом',
    net_taxable_gallons: 'Чистые облагаемые галлоны',
    rate: 'Ставка',
    tax: 'Налог',
    surcharge: 'Надбавка',
    totals: 'Итого',
    surcharges_total: 'Надбавки',
    non_ifta: 'вне IFTA',
    license: 'Лицензия %{license}',
    mpg: 'MPG',
    lines_label: '%{fuel}: строки юрисдикций',
    fleet_mpg_all: 'MPG парка (все виды топлива)',
    total_gallons: 'Всего галлонов',
    total_due: 'Итого к уплате',
    return_total: 'Итог декларации (все виды топлива)',
  },
  units: {
    km: 'Километры переведены в мили (1 км = 0,621371 мили)',
    litres: 'Литры переведены в галлоны США (1 л = 0,264172 галлона)',
  },
  fuel: { diesel: 'Дизель' },
  rate_period: {
    changes:
      'Ставка %{jurisdiction} на %{fuel} меняется внутри %{quarter} (%{periods}). Укажите по строке на каждый период ставки: эта строка — за %{first}, и по строке на каждый следующий период.',
    later:
      'Ставка %{jurisdiction} на %{fuel} за %{period} — та, что действует с %{date} (%{rate}), а не первая ставка квартала.',
    span: 'с %{from} по %{to} — %{rate}',
    add: 'Добавить строку %{jurisdiction} с %{date}',
    only: 'Всё в этой строке было до %{date}',
    use: 'Указать эту строку с %{date}',
    line: 'с %{from} по %{to}',
  },
};
