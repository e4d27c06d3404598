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
  },
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
  },
  units: {
    km: 'Километры переведены в мили (1 км = 0,621371 мили)',
    litres: 'Литры переведены в галлоны США (1 л = 0,264172 галлона)',
  },
  fuel: { diesel: 'Дизель' },
};
