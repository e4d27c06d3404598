import type { recordsHealthEn } from './recordsHealth.en';

/** Русские тексты страницы «Состояние записей»: проверки аудитора по записям квартала. */
export const recordsHealthRu: typeof recordsHealthEn = {
  title: 'Состояние записей',
  intro:
    'Проверки, которые аудитор IFTA делает по записям квартала, по каждой машине. Разберитесь с каждой находкой, исправьте записи или подтвердите её с примечанием: подтверждённая находка больше не снижает оценку.',
  period: 'Квартал',
  score: 'Оценка',
  score_label: 'Оценка состояния записей за %{period}: %{score} из 100',
  score_help: '100 минус 10 за каждую серьёзную, 5 за среднюю и 2 за незначительную неподтверждённую находку',
  open_findings:
    '%{smart_count} открытая находка |||| %{smart_count} открытые находки |||| %{smart_count} открытых находок',
  empty: 'Находок нет: записи квартала проходят все проверки',
  failed: 'Не удалось выполнить проверки',
  checks: {
    odometer_gap: 'Разрывы одометра',
    odometer_overlap: 'Наложения одометра',
    mpg_out_of_band: 'MPG вне диапазона',
    fuel_without_miles: 'Топливо куплено там, где машины не было',
    no_fuel_distance: 'Долгие пробеги без заправки',
    receipt_missing_fields: 'Чеки без обязательных полей',
    fuel_type_mismatch: 'Топливо не того вида, что у машины',
  },
  severity: { high: 'Серьёзная', medium: 'Средняя', low: 'Незначительная' },
  finding: {
    odometer_gap:
      'Машина %{unit}: %{miles} миль между показаниями одометра %{odometer_end} (%{from}) и %{odometer_start} (%{to}) не входят ни в одну поездку',
    odometer_overlap:
      'Машина %{unit}: поездка %{to} начинается с показания одометра %{odometer_start}, на %{miles} миль раньше окончания поездки %{from} (%{odometer_end})',
    mpg_out_of_band:
      'Машина %{unit}: %{miles} миль на %{gallons} галлонах — это %{mpg} MPG, вне диапазона %{mpg_min}–%{mpg_max}',
    fuel_without_miles:
      'Машина %{unit}: куплено %{gallons} галлонов в %{jurisdiction}, но там не было пробега с %{from} по %{to}',
    no_fuel_distance: 'Машина %{unit}: %{miles} миль с %{from} по %{to} без покупки топлива (предел %{limit_miles})',
    receipt_missing_fields:
      'Машина %{unit}: в чеке с уплаченным налогом в %{jurisdiction} (%{gallons} гал.) нет полей: %{missing}',
    fuel_type_mismatch: 'Машина %{unit} работает на %{fuel_type}, но купила %{gallons} галлонов %{other_fuel_types}',
  },
  receipt_fields: { vendor: 'название продавца', vendor_address: 'адрес продавца', total_price: 'сумма' },
  open_trips: 'Открыть поездку |||| Открыть %{smart_count} поездки |||| Открыть %{smart_count} поездок',
  open_fuel: 'Открыть заправку |||| Открыть %{smart_count} заправки |||| Открыть %{smart_count} заправок',
  open_unit: 'Открыть записи машины: %{kind}',
  acknowledge: 'Подтвердить',
  acknowledge_label: 'Подтвердить: %{finding}',
  acknowledged: 'Подтвердил %{by} %{at}: %{note}',
  dialog: {
    title: 'Подтвердить находку',
    note: 'Примечание',
    note_help: 'Что вы выяснили, для аудитора (например, рефрижератор расходует топливо на стоянке)',
    save: 'Подтвердить',
    cancel: 'Отмена',
    saved: 'Находка подтверждена',
  },
  settings: {
    title: 'Допуски',
    mpg_min: 'Наименьший MPG (дизель)',
    mpg_max: 'Наибольший MPG (дизель)',
    no_fuel_miles: 'Миль без заправки',
    save: 'Сохранить допуски',
    saved: 'Допуски сохранены',
  },
  finding_filter:
    'Показана запись находки |||| Показаны %{smart_count} записи находки |||| Показаны %{smart_count} записей находки',
  clear_filter: 'Показать все записи',
};
