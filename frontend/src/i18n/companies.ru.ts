import type { Messages } from './en';

/** Russian messages of company switching and a preparer's client companies, key for key as companies.en.ts. */
export const companiesRu: Messages['companies'] = {
  switcher_label: 'Компания: %{name}. Сменить компанию',
  switch_to: 'Перейти в',
  switch_failed: 'Не удалось перейти в эту компанию',
  billing: {
    preparer: 'Оплачиваем мы',
    client: 'Платит клиент',
  },
  billing_help: {
    preparer: 'Наша подписка покрывает этого клиента, и он занимает одно из мест нашего тарифа.',
    client: 'Клиенту нужна собственная подписка.',
  },
  add: {
    button: 'Добавить клиента',
    title: 'Добавить компанию-клиента',
    name: 'Название компании',
    name_required: 'Введите название компании',
    email: 'Контактный e-mail (необязательно)',
    email_invalid: 'Введите корректный адрес e-mail',
    billing: 'Кто платит',
    submit: 'Добавить клиента',
    submitting: 'Добавление...',
    added: '%{name}: клиент добавлен',
    failed: 'Не удалось добавить клиента',
  },
  clients: {
    title: 'Клиенты',
    subtitle:
      'Перевозчики, за которых вы подаёте декларации; просроченные сверху. Откройте клиента, чтобы работать с его записями и отчётами.',
    columns: {
      name: 'Компания',
      quarter: 'Следующая декларация',
      due_date: 'Срок',
      state: 'Состояние',
      billing: 'Оплата',
      actions: 'Действия',
    },
    open: 'Открыть',
    open_label: 'Открыть %{name}',
    not_member: 'Вы не участник',
    empty: 'Клиентов пока нет. Добавьте первого перевозчика, за которого подаёте декларации.',
    load_failed: 'Не удалось загрузить клиентов',
    try_again: 'Повторить',
  },
};
