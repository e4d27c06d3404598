import type { Messages } from './en';

/** Russian messages of rates by quarter and fuel type (same keys as rateHistory.en.ts). */
export const rateHistoryRu: Messages['rateHistory'] = {
  filters: {
    quarter: 'Квартал',
    current: 'Текущие ставки',
    fuel_type: 'Вид топлива',
    diesel_table: 'Дизель (базовые ставки)',
  },
  fuel_types: {
    diesel: 'Дизель',
    gasoline: 'Бензин',
    gasohol: 'Газохол',
    propane: 'Пропан',
    lng: 'СПГ',
    cng: 'КПГ',
    ethanol: 'Этанол',
    methanol: 'Метанол',
    e85: 'E-85',
    m85: 'M-85',
    a55: 'A55',
    biodiesel: 'Биодизель',
    electricity: 'Электричество',
    hydrogen: 'Водород',
    hythane: 'Гитан',
  },
  kinds: { base: 'Базовая', surcharge: 'Надбавка' },
  effective_from: 'с %{date}',
  import: {
    button: 'Импорт матрицы ставок',
    title: 'Импорт матрицы ставок IFTA',
    intro:
      'Загрузите квартальную матрицу налоговых ставок IFTA, Inc. (CSV). Вы увидите изменения до сохранения; ставки, которых нет в файле, не меняются.',
    quarter: 'Квартал',
    choose_file: 'Выбрать CSV-файл',
    no_file: 'Файл не выбран',
    preview: 'Предпросмотр',
    previewing: 'Чтение...',
    apply: 'Применить',
    applying: 'Применение...',
    summary: 'добавлено: %{added}, изменено: %{changed}, без изменений: %{unchanged}',
    nothing_changes: 'Ничего не меняется: эти ставки уже есть.',
    columns: {
      jurisdiction: 'Юрисдикция',
      fuel_type: 'Вид топлива',
      kind: 'Тип',
      effective_from: 'Действует с',
      status: 'Изменение',
      previous: 'Сейчас',
      rate: 'Новая ставка',
    },
    statuses: { added: 'Добавлена', changed: 'Изменена', unchanged: 'Без изменений' },
    more: 'и ещё %{count}',
    applied: 'Матрица ставок за %{quarter} импортирована: добавлено %{added}, изменено %{changed}',
    error: 'Ошибка импорта: %{message}',
  },
  notice: {
    in_force: 'Ставки за %{period}: действуют %{count}, с %{dates}.',
    none: 'На %{period} нет действующих ставок. Импортируйте матрицу ставок IFTA за этот квартал на странице «Налоговые ставки».',
    open_tax_rates: 'Открыть налоговые ставки',
    provisional_table:
      'Ставок на %{period} ещё нет: декларации берут ставки %{from}, помечая их предварительными, пока IFTA не опубликует матрицу (приложение получит её и пересчитает черновики).',
    provisional:
      'Предварительные ставки (из %{from}): ставки на %{period} ещё не опубликованы, поэтому строки считаются по ставкам и надбавкам последнего квартала, пока IFTA не опубликует матрицу; затем черновики пересчитываются, а по поданным декларациям приходит уведомление.',
    matrix: 'Матрица IFTA %{quarter} (версия %{version}, получена %{date}).',
  },
};
