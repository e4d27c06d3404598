import type { dashboardEn } from './dashboard.en';

/** Russian messages of the dashboard; typed as the English ones so a missing or extra key fails the type check. */
export const dashboardRu: typeof dashboardEn = {
  title: 'Отчёты IFTA',
  subtitle: 'Топливный налог вашего автопарка с первого взгляда',
  new_report: 'Новый отчёт',
  loading: 'Загрузка панели...',
  stats: {
    total: 'Всего отчётов',
    drafts: 'Черновики',
    finals: 'Итоговые отчёты',
    jurisdictions: 'Всего юрисдикций',
    distinct: 'различных: %{count}',
  },
  fleet: {
    title: 'Показатели автопарка',
    average_mpg: 'Средний MPG',
    bar_label: 'Средний MPG по шкале, где 15 MPG заполняет её целиком',
    scale_end: '15 MPG',
  },
  latest: {
    title: 'Последняя активность',
    jurisdictions: '%{smart_count} юрисдикция |||| %{smart_count} юрисдикции |||| %{smart_count} юрисдикций',
  },
  fuel: {
    title: 'Анализ топлива',
    overpurchase: 'Перезакупка',
    underpurchase: 'Недозакупка',
    none: 'Нет штатов с отклонением больше 10 галлонов',
    gallons: '%{value} гал.',
  },
  chart: {
    title: 'Чистые галлоны по штатам',
    subtitle: 'Все отчёты вместе. Ниже нуля — в штате куплено больше топлива, чем израсходовано; выше нуля — меньше.',
    over: 'Перезакупка (куплено больше, чем израсходовано)',
    under: 'Недозакупка (израсходовано больше, чем куплено)',
    net: 'Чистые галлоны',
    empty: 'Пока нет юрисдикций с облагаемыми милями в отчётах с указанным MPG.',
    aria: 'Столбчатая диаграмма чистых галлонов по штатам',
  },
  empty: {
    title: 'Отчётов пока нет',
    text: 'Создайте первый отчёт IFTA, и здесь появятся показатели вашего автопарка.',
    create: 'Создать первый отчёт',
  },
  table: {
    title: 'Все отчёты',
    report: 'Отчёт',
    period: 'Период',
    status: 'Статус',
    mpg: 'MPG',
    jurisdictions: 'Юрисдикции',
    created: 'Создан',
    actions: 'Действия',
    view: 'Открыть %{name}',
    export: 'Экспортировать %{name} в Excel',
    delete: 'Удалить %{name}',
    rows_per_page: 'Строк на странице:',
    displayed_rows: '%{from}–%{to} из %{count}',
  },
  status: { draft: 'Черновик', final: 'Итоговый' },
  delete: {
    done: 'Отчёт удалён',
    failed: 'Ошибка удаления отчёта',
  },
  export: { failed: 'Ошибка экспорта отчёта' },
  errors: { load: 'Ошибка загрузки отчётов', retry: 'Повторить' },
};
