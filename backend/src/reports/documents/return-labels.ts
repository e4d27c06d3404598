/** The languages a return document is written in: the product's two (README, "Readings of the specification"). */
export const DOCUMENT_LANGUAGES = ['en', 'ru'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** Every label of the official return's documents (the PDF and the Excel sheet), in both languages. */
export const RETURN_LABELS = {
  en: {
    title: 'IFTA Quarterly Fuel Tax Return',
    worksheetTitle: 'IFTA Fuel Tax Report (worksheet)',
    company: 'Carrier',
    license: 'IFTA License',
    period: 'Tax Period',
    status: 'Status',
    final: 'Final',
    draft: 'Draft',
    mode: 'Calculation',
    official: 'Official return',
    worksheet: 'Worksheet',
    schedule: 'Schedule: %{fuel}',
    mpgFleet: 'Fleet MPG %{mpg} (total miles %{miles} / total gallons %{gallons})',
    mpgTyped: 'Typed MPG %{mpg} (fleet MPG %{fleet})',
    columns: [
      'Jurisdiction',
      'Total Miles',
      'Taxable Miles',
      'Taxable Gallons',
      'Tax-Paid Gallons',
      'Net Taxable Gallons',
      'Rate',
      'Tax',
      'Surcharge',
    ],
    totals: 'Totals',
    scheduleDue: 'Due for %{fuel}',
    returnDue: 'Total due (tax and surcharges)',
    credit: 'Total credit',
    noTaxDue: 'No tax due',
    filing: 'Filing',
    nonIfta: 'non-IFTA',
    rateTyped: 'typed rate',
    page: 'Page %{page} of %{pages}',
    fuels: {} as Record<string, string>,
    filingLabels: {
      'Due Date': 'Due Date',
      Filed: 'Filed',
      'Late Filing': 'Late Filing',
      'Late Penalty': 'Late Penalty',
      'Late Interest': 'Late Interest',
    } as Record<string, string>,
    filingTexts: {
      'Not a recognised period': 'Not a recognised period',
      'Not filed (draft)': 'Not filed (draft)',
      'Filed on time': 'Filed on time',
      'Annual rate missing': 'Annual rate missing',
      None: 'None',
    } as Record<string, string>,
  },
  ru: {
    title: 'Квартальная декларация IFTA по налогу на топливо',
    worksheetTitle: 'Отчёт IFTA по налогу на топливо (рабочий лист)',
    company: 'Перевозчик',
    license: 'Лицензия IFTA',
    period: 'Налоговый период',
    status: 'Статус',
    final: 'Итоговый',
    draft: 'Черновик',
    mode: 'Расчёт',
    official: 'Официальная декларация',
    worksheet: 'Рабочий лист',
    schedule: 'Расчёт: %{fuel}',
    mpgFleet: 'MPG парка %{mpg} (все мили %{miles} / все галлоны %{gallons})',
    mpgTyped: 'Введённый MPG %{mpg} (MPG парка %{fleet})',
    columns: [
      'Юрисдикция',
      'Все мили',
      'Облагаемые мили',
      'Облагаемые галлоны',
      'Галлоны с уплаченным налогом',
      'Чистые облагаемые галлоны',
      'Ставка',
      'Налог',
      'Надбавка',
    ],
    totals: 'Итого',
    scheduleDue: 'К уплате за %{fuel}',
    returnDue: 'Всего к уплате (налог и надбавки)',
    credit: 'Всего к возврату',
    noTaxDue: 'Налог не причитается',
    filing: 'Подача',
    nonIfta: 'вне IFTA',
    rateTyped: 'введённая ставка',
    page: 'Страница %{page} из %{pages}',
    fuels: {
      diesel: 'Дизель',
      gasoline: 'Бензин',
      gasohol: 'Газохол',
      propane: 'Пропан',
      lng: 'СПГ',
      cng: 'КПГ',
      ethanol: 'Этанол',
      methanol: 'Метанол',
      e85: 'E85',
      m85: 'M85',
      a55: 'A55',
      biodiesel: 'Биодизель',
      electricity: 'Электричество',
      hydrogen: 'Водород',
      hythane: 'Гитан',
    } as Record<string, string>,
    filingLabels: {
      'Due Date': 'Срок подачи',
      Filed: 'Подан',
      'Late Filing': 'Просрочка',
      'Late Penalty': 'Штраф за просрочку',
      'Late Interest': 'Пени за просрочку',
    } as Record<string, string>,
    filingTexts: {
      'Not a recognised period': 'Период не распознан',
      'Not filed (draft)': 'Не подан (черновик)',
      'Filed on time': 'Подан в срок',
      'Annual rate missing': 'Нет годовой ставки',
      None: 'Нет',
    } as Record<string, string>,
  },
} as const;

export type ReturnLabels = (typeof RETURN_LABELS)[DocumentLanguage];

/** A label with its %{name} placeholders filled. */
export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/%\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** A fuel type's name: the English one is the matrix's own word, capitalised. */
export const fuelName = (labels: ReturnLabels, fuelType: string): string =>
  labels.fuels[fuelType] ??
  (fuelType.length <= 3 ? fuelType.toUpperCase() : fuelType[0].toUpperCase() + fuelType.slice(1));
