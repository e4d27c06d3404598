import type { officialEn } from './official.en';

/** Русские тексты официальной декларации (issue 12). */
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
    none: 'Введите мили и галлоны, чтобы вычислить MPG парка, или введите MPG',
    optional_hint: 'В официальной декларации необязательно: пусто — MPG парка',
    several_fuels: 'Введённый MPG действует только при одном виде топлива: при нескольких у каждого свой MPG парка',
  },
  rate_source: {
    table: 'Ставка из таблицы %{period}',
    typed: 'Введённая ставка (нет в таблице %{period})',
    column: 'Источник ставки',
    table_short: 'Таблица',
    typed_short: 'Введена',
  },
  pdf: {
    download: 'Скачать PDF',
    downloading: 'Готовим PDF...',
    error: 'Ошибка загрузки PDF',
  },
  fuel_chips: 'Виды топлива',
  non_tax_paid_gallons: 'Галлоны без уплаты налога',
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
    total_gallons: 'Всего галлонов',
    total_due: 'Итого к уплате',
    return_total: 'Итог декларации (все виды топлива)',
  },
  units: {
    km: 'Километры переведены в мили (1 км = 0,621371 мили)',
    litres: 'Литры переведены в галлоны США (1 л = 0,264172 галлона)',
  },
  fuel: { diesel: 'Дизель' },
};
