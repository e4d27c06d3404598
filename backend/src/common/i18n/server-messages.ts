/**
 * Every sentence the server answers a client with, in English (exactly as the product's contract writes it) and in
 * Russian. A key with `{0}`, `{1}`… is a pattern: the braces stand for what the code puts in (a field name, a number,
 * a date, another sentence), and the Russian keeps them where Russian grammar wants them. What fills a brace is itself
 * looked up, so a sentence built around another one (`row 4: Total Miles is not a number`) is translated whole.
 * Field names, codes and numbers have no entry and stay as they are: they are the API's, not prose.
 *
 * message-scan.spec-support.ts finds every text the source hands to an exception or a validator, and the suite beside
 * this file fails for one that no entry here matches.
 */
export const SERVER_MESSAGES: ReadonlyArray<readonly [en: string, ru: string]> = [
  // Answers of any route (the exception filter, the guards, the pipes).
  ['Bad request', 'Неверный запрос'],
  ['Authentication required', 'Требуется вход в систему'],
  ['Forbidden', 'Доступ запрещён'],
  ['Not found', 'Не найдено'],
  ['Conflict', 'Конфликт'],
  ['Request body is too large', 'Тело запроса слишком велико'],
  ['Too many requests, please try again later', 'Слишком много запросов, повторите попытку позже'],
  ['Request failed', 'Запрос не выполнен'],
  ['Internal server error', 'Внутренняя ошибка сервера'],
  ['Request body is not valid JSON', 'Тело запроса не является корректным JSON'],
  [
    'The service is briefly unavailable, please try again in a few seconds',
    'Сервис ненадолго недоступен, повторите попытку через несколько секунд',
  ],
  ['Session expired, please sign in again', 'Сеанс истёк, войдите снова'],
  ['Too many attempts, please wait a minute and try again', 'Слишком много попыток, подождите минуту и повторите'],
  ['Text must not contain the NUL character (\\u0000)', 'Текст не должен содержать символ NUL (\\u0000)'],
  ['{0}: Text must not contain the NUL character (\\u0000)', '{0}: текст не должен содержать символ NUL (\\u0000)'],
  ['The request holds too many values (at most {0})', 'В запросе слишком много значений (не более {0})'],
  ['{0} is nested too deeply', 'Слишком глубокая вложенность в {0}'],
  ['{0} is too large', '{0} слишком велико'],
  ['{0} must contain no more than {1} elements', '{0} должно содержать не более {1} элементов'],
  ['an element is too large', 'элемент слишком велик'],
  ['elements nested too deep', 'слишком глубокая вложенность элементов'],
  ['too many entries', 'слишком много записей'],
  [
    'The server is busy with other files, please try again in a moment',
    'Сервер занят другими файлами, повторите попытку через минуту',
  ],
  [
    'Too many imports at once, please wait for the others to finish',
    'Слишком много импортов одновременно, дождитесь завершения остальных',
  ],
  ['Too many imports, please wait a minute and try again', 'Слишком много импортов, подождите минуту и повторите'],
  [
    'Too many sign-ins at once, please try again in a moment',
    'Слишком много одновременных входов, повторите попытку через минуту',
  ],
  ['Shutting down', 'Сервер останавливается'],
  ['Database unavailable', 'База данных недоступна'],
  ['{0}; and {1} more', '{0}; и ещё {1}'],

  // Sign-in, registration, passwords.
  ['Invalid email or password', 'Неверный e-mail или пароль'],
  ['This account is no longer a member of any company', 'Эта учётная запись больше не состоит ни в одной компании'],

  // Companies and members (the role names are the API's and stay as they are).
  ['This needs the {0} role', 'Для этого нужна роль {0}'],
  [
    'This tab acts for {0}, but you are signed in to {1} here. Reload the page to continue.',
    'Эта вкладка работает с компанией {0}, но здесь вы вошли в компанию {1}. Перезагрузите страницу, чтобы продолжить.',
  ],
  [
    'This tab acts for another company, but you are signed in to {0} here. Reload the page to continue.',
    'Эта вкладка работает с другой компанией, но здесь вы вошли в компанию {0}. Перезагрузите страницу, чтобы продолжить.',
  ],
  ['The last owner cannot be removed or demoted', 'Последнего владельца нельзя удалить или понизить'],
  ['This person is already a member of the company', 'Этот человек уже состоит в компании'],
  ['Member not found', 'Участник не найден'],
  ['Invitation not found', 'Приглашение не найдено'],
  [
    'This invitation is invalid, used, revoked or has expired; ask for a new one',
    'Это приглашение недействительно, уже использовано, отозвано или истекло; попросите новое',
  ],
  ['role must be one of {0}', 'role должно быть одним из: {0}'],
  ['Company not found', 'Компания не найдена'],
  [
    'Seat limit reached: your {0} plan includes {1} seats (members, pending invitations and clients billed to you). Upgrade your plan to add more.',
    'Мест больше нет: тариф {0} включает {1} мест (участники, ожидающие приглашения и клиенты, которых оплачиваете вы). Перейдите на другой тариф, чтобы добавить ещё.',
  ],
  [
    'Client company limit reached: your {0} plan includes {1} client companies. Upgrade your plan to add more.',
    'Достигнут предел клиентских компаний: тариф {0} включает {1} клиентских компаний. Перейдите на другой тариф, чтобы добавить ещё.',
  ],
  [
    'Client company limit reached: an account without an active subscription includes 0 client companies. Subscribe to a plan to add clients.',
    'Достигнут предел клиентских компаний: учётная запись без действующей подписки не может добавлять клиентские компании (0). Оформите подписку, чтобы добавить клиентов.',
  ],
  [
    'This e-mail address cannot be used for a new account. If it is yours, we have e-mailed it: sign in or reset your password there.',
    'Этот адрес e-mail нельзя использовать для новой учётной записи. Если он ваш, мы отправили на него письмо: войдите или сбросьте пароль по ссылке из него.',
  ],
  [
    'Many failed sign-ins for this account: sign-ins from new addresses are spaced out, please try again in a few seconds',
    'Много неудачных попыток входа в эту учётную запись: входы с новых адресов замедлены, повторите через несколько секунд',
  ],
  [
    'Too many failed sign-ins for this account from this address, please wait {0} minutes and try again',
    'Слишком много неудачных попыток входа в эту учётную запись с этого адреса, подождите {0} мин. и повторите',
  ],
  [
    'This password reset link is invalid or has expired; ask for a new one',
    'Ссылка для сброса пароля недействительна или устарела; запросите новую',
  ],
  [
    'If an account uses this e-mail address, a link to reset its password is on its way. It works once, for an hour.',
    'Если учётная запись использует этот адрес, ссылка для сброса пароля уже отправлена. Она действует один раз, в течение часа.',
  ],
  ['current_password is not your current password', 'current_password не совпадает с вашим текущим паролем'],
  ['Password changed; every other session is signed out', 'Пароль изменён; все остальные сеансы завершены'],
  ['Password changed; sign in with the new password', 'Пароль изменён; войдите с новым паролем'],
  ['Signed out', 'Вы вышли из системы'],
  [
    'This link to prove your e-mail address is invalid, used or expired; ask for a new one',
    'Ссылка для подтверждения адреса e-mail недействительна, уже использована или устарела; запросите новую',
  ],
  ['This e-mail address is already proven', 'Этот адрес e-mail уже подтверждён'],
  [
    'A company may send at most {0} invitations an hour (INVITATION_RATE_LIMIT); try again later',
    'Компания может отправить не более {0} приглашений в час (INVITATION_RATE_LIMIT); повторите позже',
  ],
  [
    'A link was sent less than 5 minutes ago; wait before asking for another',
    'Ссылка была отправлена менее 5 минут назад; подождите, прежде чем запрашивать новую',
  ],
  [
    'A new link is on its way to your e-mail address. It works once, for a week.',
    'Новая ссылка отправлена на ваш адрес e-mail. Она действует один раз, в течение недели.',
  ],
  ['email must be a valid email address', 'email должен быть корректным адресом e-mail'],
  [
    '{0} must be at most 72 bytes (about 72 letters, fewer with accents or emoji)',
    '{0} должен занимать не более 72 байт (около 72 букв, меньше с диакритикой или эмодзи)',
  ],
  ['Only a platform operator may use the operator console', 'Консоль оператора доступна только оператору платформы'],

  // Field checks shared by many forms: the field's API name comes first and is kept.
  ['{0} is required', 'Поле {0} обязательно'],
  ['{0} must be text', '{0} должно быть текстом'],
  ['{0} must be a string', '{0} должно быть строкой'],
  ['{0} must be a number', '{0} должно быть числом'],
  ['{0} is required and must be a number', 'Поле {0} обязательно и должно быть числом'],
  ['{0} must be a whole number', '{0} должно быть целым числом'],
  ['{0} must be true or false', '{0} должно быть true или false'],
  ['{0} must be at least {1}', '{0} должно быть не меньше {1}'],
  ['{0} must be at most {1}', '{0} должно быть не больше {1}'],
  ['{0} must be at least {1} characters', '{0} должно содержать не менее {1} символов'],
  ['{0} must be at most {1} characters', '{0} должно содержать не более {1} символов'],
  ['{0} must be 1 to {1} characters', '{0} должно содержать от 1 до {1} символов'],
  ['"{0}" must be 1 to {1} characters', '"{0}" должно содержать от 1 до {1} символов'],
  ['{0} must be one of {1}', '{0} должно быть одним из: {1}'],
  ['{0} must be {1} or {2}', '{0} должно быть {1} или {2}'],
  ['"{0}" must be {1} or {2}', '"{0}" должно быть {1} или {2}'],
  ['{0} must not be negative', '{0} не может быть отрицательным'],
  ['{0} cannot be negative', '{0} не может быть отрицательным'],
  ['{0} must not exceed {1}', '{0} не должно превышать {1}'],
  ['{0} is not a number', '{0} не является числом'],
  ['{0} "{1}" is not a number', '{0} "{1}" не является числом'],
  ['{0} is too long', '{0} слишком длинное'],
  ['{0} must be a date such as {1}', '{0} должно быть датой, например {1}'],
  ['{0} must be a date as YYYY-MM-DD', '{0} должно быть датой в виде YYYY-MM-DD'],
  ['{0} must be a date as YYYY-MM-DD, from {1} on', '{0} должно быть датой в виде YYYY-MM-DD, не ранее {1}'],
  ['{0} must be a real calendar date', '{0} должно быть существующей календарной датой'],
  ['{0} must be on or after {1}', '{0} должно быть не раньше {1}'],
  ['{0} must not be before {1} ({2})', '{0} не может быть раньше {1} ({2})'],
  ['{0} must be a quarter such as {1}', '{0} должно быть кварталом, например {1}'],
  ['{0} must be an IANA time zone such as {1} or {2}', '{0} должно быть часовым поясом IANA, например {1} или {2}'],
  [
    '{0} must be a quarter such as {1} or a month such as {2}',
    '{0} должно быть кварталом, например {1}, или месяцем, например {2}',
  ],
  [
    '{0} must be a quarter such as {1} or a year such as {2}',
    '{0} должно быть кварталом, например {1}, или годом, например {2}',
  ],
  [
    '{0} must be a number with at most {1} decimal places',
    '{0} должно быть числом не более чем с {1} знаками после запятой',
  ],
  ['{0} must have at most {1} decimal places', '{0} должно иметь не более {1} знаков после запятой'],
  ['{0} must hold at most {1} entries', '{0} должно содержать не более {1} записей'],
  ['{0} must hold at least one jurisdiction', '{0} должно содержать хотя бы одну юрисдикцию'],
  ['{0} must be a payment method id', '{0} должно быть идентификатором способа оплаты'],
  ['{0} must be a plan id', '{0} должно быть идентификатором тарифа'],
  ['{0} must be an invoice id', '{0} должно быть идентификатором счёта'],
  ['{0} must be a list of ids', '{0} должно быть списком идентификаторов'],
  ['problems must be csv', 'problems должно быть csv'],
  ['Each id must be a UUID', 'Каждый id должен быть UUID'],
  ['{0} can only be true', '{0} может быть только true'],
  ['{0}: {1}', '{0}: {1}'],
  ['Name', 'Название'],
  ['Abbreviation', 'Аббревиатура'],
  ['Tax rate', 'Ставка налога'],
  ['Country', 'Страна'],
  ['Total Miles', 'Всего миль'],
  ['Taxable Miles', 'Облагаемые мили'],
  ['Gallons Purchased', 'Куплено галлонов'],
  ['Country must be USA or Canada', 'Страна должна быть USA или Canada'],
  ['Effective date must be an ISO 8601 date', 'Дата вступления в силу должна быть датой ISO 8601'],
  ['Enter a number that is 0 or more.', 'Введите число не меньше 0.'],
  ['Pick an IFTA jurisdiction code from the list.', 'Выберите код юрисдикции IFTA из списка.'],
  [
    "base_jurisdiction must be an IFTA member's code, e.g. NC (or empty)",
    'base_jurisdiction должно быть кодом участника IFTA, например NC (или пустым)',
  ],
  [
    'fein must be 9 digits, written 12-3456789 (or empty)',
    'fein должно состоять из 9 цифр в виде 12-3456789 (или быть пустым)',
  ],
  [
    "{0}: {1}'s {2} rate changes inside {3} ({4}): report one line per rate period, this line for the first and a " +
      "line with rate_from {5} for each later one; if all of this line's miles and gallons fall in one period, give " +
      "it that period's first day as rate_from",
    '{0}: ставка {1} на {2} меняется внутри {3} ({4}): укажите по строке на каждый период ставки — эта строка для ' +
      'первого и строка с rate_from {5} для каждого следующего; если все мили и галлоны этой строки приходятся на ' +
      'один период, укажите в rate_from первый день этого периода',
  ],
  [
    "{0}: {1}'s {2} rate for {3} is the one from {4} ({5}), not the quarter's first: give this line rate_from {6}",
    '{0}: ставка {1} на {2} за {3} — та, что действует с {4} ({5}), а не первая ставка квартала: укажите в этой ' +
      'строке rate_from {6}',
  ],
  ['vin must be 17 letters and digits, without I, O or Q', 'vin должен состоять из 17 букв и цифр, без I, O и Q'],
  [
    'annual_rate must be at most 0.25 (25% a year); IFTA publishes a fraction such as 0.09 for 9%',
    'annual_rate должно быть не больше 0.25 (25% годовых); IFTA публикует долю, например 0.09 для 9%',
  ],
  ['annual_rate must be a number such as 0.09', 'annual_rate должно быть числом, например 0.09'],
  [
    'annual_rate must have at most 4 decimals (0.0900 is 9%)',
    'annual_rate должно иметь не более 4 знаков после запятой (0.0900 — это 9%)',
  ],
  [
    'Idempotency-Key must be 1-100 letters, digits, - or _',
    'Idempotency-Key должен содержать от 1 до 100 букв, цифр, - или _',
  ],
  [
    'mapping must be a JSON object of field to column header',
    'mapping должно быть JSON-объектом: поле → заголовок столбца',
  ],
  [
    '{0} asks for a page, which is chosen with page, not offset',
    '{0} запрашивает страницу, а страница выбирается параметром page, а не offset',
  ],

  // Tax rates.
  ['Tax rate not found', 'Ставка налога не найдена'],
  [
    'An active tax rate for this jurisdiction already exists',
    'Активная ставка налога для этой юрисдикции уже существует',
  ],
  ['An active tax rate for {0} already exists', 'Активная ставка налога для {0} уже существует'],
  ['At most {0} tax rates can be updated at once', 'За один раз можно изменить не более {0} ставок налога'],
  ['Select tax rates to update', 'Выберите ставки налога для изменения'],
  ['Matrix not found', 'Матрица не найдена'],
  [
    'This return was amended since the notice: the notice no longer applies',
    'Декларация изменена после уведомления: уведомление больше не действует',
  ],
  [
    'The amended return is being filed from this notice; open it in a moment',
    'Уточнённая декларация по этому уведомлению подаётся; откройте её через минуту',
  ],
  [
    'The rates changed again since this notice: open the newest notice',
    'Ставки снова изменились после этого уведомления: откройте последнее уведомление',
  ],
  ['reason must say why, in 3 to 500 characters', 'reason должно объяснять причину, от 3 до 500 символов'],
  [
    '{0}: its title names no quarter; give it with --quarter 3Q2026',
    '{0}: в заголовке не указан квартал; укажите его через --quarter 3Q2026',
  ],
  ['Version {0} of {1} is not held', 'Версия {0} за {1} не задержана'],
  ['Version {0} is the one in force for {1} already', 'Версия {0} уже действует для {1}'],
  [
    "IFTA's rate matrix of {0} is not loaded: an operator loads it (Operator console, Rate matrices, or npm run rates:import -- {1}.csv; IFTA publishes it at https://www.iftach.org/taxmatrix/charts/{2}.csv), or type each line's rate",
    'Матрица ставок IFTA за {0} не загружена: её загружает оператор (Консоль оператора, Матрицы ставок, или npm run rates:import -- {1}.csv; IFTA публикует её по адресу https://www.iftach.org/taxmatrix/charts/{2}.csv), либо введите ставку в каждой строке',
  ],
  ['Choose the rate matrix CSV file', 'Выберите CSV-файл матрицы ставок'],
  ['Send the rate matrix in the "file" field', 'Отправьте матрицу ставок в поле "file"'],
  ['The rate matrix must be a .csv file', 'Матрица ставок должна быть файлом .csv'],
  ['The rate matrix must not exceed {0} KB', 'Матрица ставок не должна превышать {0} КБ'],
  ['The rate matrix must have at most {0} rows', 'В матрице ставок должно быть не более {0} строк'],
  ['The rate matrix is empty', 'Матрица ставок пуста'],
  ['The rate matrix has no rows under its header', 'В матрице ставок нет строк под заголовком'],
  ['The rate matrix holds no US$/gal rate', 'В матрице ставок нет ни одной ставки в US$/гал'],
  [
    "The file's layout is not IFTA's rate matrix: no header row names the fuel types",
    'Структура файла не соответствует матрице ставок IFTA: ни одна строка заголовка не называет виды топлива',
  ],
  ['The file is the matrix of {0}, not of {1}Q{2}', 'Файл — матрица за {0}, а не за {1}Q{2}'],
  [
    "the header repeated here differs from the first one: IFTA's layout has changed",
    'повторённый здесь заголовок отличается от первого: структура IFTA изменилась',
  ],
  [
    'has {0} cells where the header has {1} ("{2}" is missing): the file is cut short',
    'в строке {0} ячеек, а в заголовке {1} (нет «{2}»): файл оборван',
  ],
  ['The file is {0} bytes, not a rate matrix', 'Файл размером {0} байт — это не матрица ставок'],
  ['The matrix was not published: {0}', 'Матрица не опубликована: {0}'],
  ['Could not fetch the matrix: {0}', 'Не удалось загрузить матрицу: {0}'],
  ['The matrix address answered HTTP {0}', 'Адрес матрицы ответил HTTP {0}'],
  [
    'The address answered a web page, not the CSV file (IFTA may have moved it)',
    'По адресу находится веб-страница, а не CSV-файл (возможно, IFTA его перенесла)',
  ],
  [
    'The updater is off (RATE_MATRIX_URL is empty): upload the file instead',
    'Автообновление выключено (RATE_MATRIX_URL пуст): загрузите файл вручную',
  ],
  [
    'The updater is running on another replica; its runs will show here',
    'Автообновление работает на другой реплике; его запуски появятся здесь',
  ],
  ['"{0}" is not an IFTA member jurisdiction this parser knows', '"{0}" — не известная юрисдикция-участник IFTA'],
  ['"{0}" must be a rate such as $ 0.3250, got "{1}"', '"{0}" должно быть ставкой, например $ 0.3250, получено "{1}"'],
  [
    '"{0}" must be a rate such as 0.3250 (at most 4 decimals), got "{1}"',
    '"{0}" должно быть ставкой, например 0.3250 (не более 4 знаков после запятой), получено "{1}"',
  ],
  [
    '"code" must be a jurisdiction code such as TX, got "{0}"',
    '"code" должно быть кодом юрисдикции, например TX, получено "{0}"',
  ],
  ['"{0}" must be a date from {1} to {2} ({3})', '"{0}" должно быть датой с {1} по {2} ({3})'],
  ['"country" must be USA or Canada', '"country" должно быть USA или Canada'],
  ['a rate row before any jurisdiction name', 'строка ставки перед названием юрисдикции'],
  ["no Special Diesel column: IFTA's layout has changed", 'нет столбца Special Diesel: структура IFTA изменилась'],
  ['no fuel-type column (e.g. special_diesel)', 'нет столбца вида топлива (например, special_diesel)'],
  ['not a readable CSV line ({0})', 'нечитаемая строка CSV ({0})'],
  ['repeats row {0} ({1} {2} {3})', 'повторяет строку {0} ({1} {2} {3})'],
  ['repeats the {0} {1} row of {2}', 'повторяет строку {0} {1} для {2}'],
  ['the column "{0}" is missing', 'нет столбца "{0}"'],
  ['the second column must be U.S. or Can, got "{0}"', 'второй столбец должен быть U.S. или Can, получено "{0}"'],
  ['unknown or repeated column "{0}"', 'неизвестный или повторяющийся столбец "{0}"'],
  [
    'unknown or repeated column "{0}": IFTA\'s layout has changed',
    'неизвестный или повторяющийся столбец "{0}": структура IFTA изменилась',
  ],
  ['missing {0}', 'нет {0}'],
  ['An amended return was already filed from this notice', 'По этому уведомлению уже подана исправленная декларация'],
  ['Notice not found', 'Уведомление не найдено'],

  // Reports.
  ['Report not found', 'Отчёт не найден'],
  ['Final reports cannot be edited', 'Итоговые отчёты нельзя изменять'],
  [
    'This return is the return of record for {0}. Void it instead, with a reason.',
    'Эта декларация — действующая декларация за {0}. Вместо удаления аннулируйте её, указав причину.',
  ],
  [
    'A voided return is kept on record with its reason; it cannot be deleted',
    'Аннулированная декларация хранится вместе с причиной; удалить её нельзя',
  ],
  [
    'Only a filed return that is the return of record can be voided',
    'Аннулировать можно только поданную декларацию, которая является действующей',
  ],
  ['reason must be text', 'reason должно быть текстом'],
  ['reason must be at least 5 characters', 'reason должно содержать не менее 5 символов'],
  ['reason must be at most 500 characters', 'reason должно содержать не более 500 символов'],
  ['Only a final report has a filing date', 'Дата подачи есть только у итогового отчёта'],
  ['filed_at {0} is after today ({1})', 'filed_at {0} позже сегодняшнего дня ({1})'],
  ['Payment not found', 'Платёж не найден'],
  ['paid_on {0} is after today ({1})', 'paid_on {0} позже сегодняшнего дня ({1})'],
  [
    'Payments are recorded on a final report; this report is a draft',
    'Платежи записываются только по итоговому отчёту; этот отчёт — черновик',
  ],
  [
    'average_mpg cannot be typed in official mode: the return uses each fuel type\'s fleet MPG (total miles / total gallons); leave average_mpg out or 0, or use calculation_mode "worksheet" for a typed MPG',
    'average_mpg нельзя вводить в официальном режиме: декларация использует MPG парка по каждому виду топлива (всего миль / всего галлонов); не указывайте average_mpg или укажите 0, либо используйте calculation_mode "worksheet" для введённого MPG',
  ],
  [
    'jurisdictions.{0} has {1} miles of {2} but the fleet bought no {3} this period: with no fleet MPG these miles owe $0; add the {4} bought',
    'jurisdictions.{0}: {1} миль на {2}, но парк не покупал {3} в этом периоде: без MPG парка налог на эти мили равен $0; добавьте купленное топливо ({4})',
  ],
  [
    'Limit reached: your {0} plan includes {1} reports per month. Upgrade your plan to create more.',
    'Лимит исчерпан: тариф {0} включает {1} отчётов в месяц. Перейдите на другой тариф, чтобы создавать больше.',
  ],
  ['No trips or {0} purchases are dated in {1}', 'Нет поездок или покупок {0} с датой в {1}'],
  ['period must be a quarter such as Q2-2026', 'period должно быть кварталом, например Q2-2026'],
  ['Invoice not found', 'Счёт не найден'],

  // Calculator, sessions, imports.
  ['Calculation session not found', 'Сеанс расчёта не найден'],
  [
    'An account keeps at most {0} calculation sessions; delete one to start another',
    'У учётной записи может быть не более {0} сеансов расчёта; удалите один, чтобы начать новый',
  ],
  ['A calculation session holds at most {0} entries', 'Сеанс расчёта содержит не более {0} записей'],
  ['At most {0} lines can be pasted at once', 'За один раз можно вставить не более {0} строк'],
  ['Please paste some data', 'Вставьте данные'],
  ['Please choose an .xlsx file to upload', 'Выберите файл .xlsx для загрузки'],
  ['Разрешены только файлы .xlsx', 'Разрешены только файлы .xlsx'],
  ['File must not exceed 10MB', 'Файл не должен превышать 10 МБ'],
  ['Send the workbook in the "file" field', 'Отправьте книгу Excel в поле "file"'],
  ['Error: Failed to process file', 'Ошибка: не удалось обработать файл'],
  ['Error: Failed to process file: {0}', 'Ошибка: не удалось обработать файл: {0}'],
  ['The sheet has more than {0} rows', 'На листе больше {0} строк'],
  [
    'The workbook unpacks to {0} MB; at most {1} MB is accepted',
    'Книга в распакованном виде занимает {0} МБ; допускается не более {1} МБ',
  ],
  [
    'Some lines could not be imported; nothing was imported',
    'Некоторые строки не удалось импортировать; ничего не импортировано',
  ],
  [
    'Some rows could not be imported; nothing was imported',
    'Некоторые строки не удалось импортировать; ничего не импортировано',
  ],
  [
    'expected "abbreviation, miles, gallons" but found {0} field',
    'ожидалось "abbreviation, miles, gallons", но найдено полей: {0}',
  ],
  [
    'expected "abbreviation, miles, gallons" but found {0} fields',
    'ожидалось "abbreviation, miles, gallons", но найдено полей: {0}',
  ],
  [
    'expected "abbreviation, miles, gallons" but found {0} field (numbers must not contain commas; copy from a spreadsheet to keep "1,234")',
    'ожидалось "abbreviation, miles, gallons", но найдено полей: {0} (числа не должны содержать запятых; копируйте из таблицы, чтобы сохранить "1,234")',
  ],
  [
    'expected "abbreviation, miles, gallons" but found {0} fields (numbers must not contain commas; copy from a spreadsheet to keep "1,234")',
    'ожидалось "abbreviation, miles, gallons", но найдено полей: {0} (числа не должны содержать запятых; копируйте из таблицы, чтобы сохранить "1,234")',
  ],
  ['bad zip directory', 'повреждён каталог zip-архива'],
  ['bad zip directory: {0}', 'повреждён каталог zip-архива: {0}'],
  ['not a zip archive', 'не zip-архив'],
  ['no worksheets', 'нет листов'],
  ['worksheet part not found', 'часть листа не найдена'],
  ['shared string out of range', 'общая строка вне диапазона'],
  ['malformed XML: {0}', 'некорректный XML: {0}'],
  ['{0} inflates past its declared size', '{0} при распаковке превышает заявленный размер'],
  ['The upload could not be read', 'Не удалось прочитать загруженный файл'],

  // Records (trips, fuel purchases, vehicles).
  ['Record not found', 'Запись не найдена'],
  ['Unit not found', 'Единица техники не найдена'],
  ['Vehicle not found', 'Транспортное средство не найдено'],
  ['A vehicle with unit {0} exists', 'Транспортное средство с номером {0} уже существует'],
  [
    'This record went into a final report; amend the return by building a new draft instead',
    'Эта запись вошла в итоговый отчёт; чтобы исправить декларацию, создайте новый черновик',
  ],
  [
    'An account keeps at most {0} trips and fuel purchases together: it holds {1}, and {2} more would pass that. Delete old records first.',
    'У учётной записи может быть не более {0} поездок и покупок топлива вместе: сейчас {1}, и ещё {2} превысят лимит. Сначала удалите старые записи.',
  ],
  ['A records file must not exceed {0} MB', 'Файл записей не должен превышать {0} МБ'],
  ['Send a CSV file in the "file" field', 'Отправьте CSV-файл в поле "file"'],
  ['Send the CSV file in the "file" field', 'Отправьте CSV-файл в поле "file"'],
  ['jurisdiction "{0}" is not a jurisdiction', 'jurisdiction "{0}" не является юрисдикцией'],
  // A trip sheet's origin or destination names its field: 'origin_jurisdiction "Atlantis" is not a jurisdiction'.
  ['{0} "{1}" is not a jurisdiction', '{0} "{1}" не является юрисдикцией'],
  ['row {0}: {1}', 'строка {0}: {1}'],
  ['row {0}: "{1}" is not a jurisdiction', 'строка {0}: "{1}" не является юрисдикцией'],
  [
    'row {0}: date "{1}" is not a date (YYYY-MM-DD or MM/DD/YYYY)',
    'строка {0}: дата "{1}" не является датой (YYYY-MM-DD или MM/DD/YYYY)',
  ],
  ['row {0}: fuel type "{1}" is not one the rate matrix lists', 'строка {0}: вида топлива "{1}" нет в матрице ставок'],
  ['row {0}: reason "{1}" is not one of {2}', 'строка {0}: причина "{1}" не входит в {2}'],
  ['row {0}: unit "{1}" is not one of {2}', 'строка {0}: единица "{1}" не входит в {2}'],
  ['row {0}: skipped: "{1}" is {2}, not a motor fuel', 'строка {0}: пропущена: "{1}" — {2}, не моторное топливо'],
  ['row {0}: tax paid "{1}" is not yes or no', 'строка {0}: tax paid "{1}" — не yes и не no'],
  ['row {0}: taxable "{1}" is not yes or no', 'строка {0}: taxable "{1}" — не yes и не no'],
  ['row {0}: unit is empty', 'строка {0}: unit не заполнено'],
  ['row {0}: {1} is empty', 'строка {0}: {1} не заполнено'],
  [
    'row {0}: fuel type "{1}" is not one the rate matrix lists: choose its fuel, or leave its rows out',
    'строка {0}: вида топлива "{1}" нет в матрице ставок: выберите его топливо или пропустите эти строки',
  ],
  [
    'row {0}: unit "{1}" is not {2}: choose what it is, or leave its rows out',
    'строка {0}: единица "{1}" — не {2}: укажите, что это, или пропустите эти строки',
  ],
  ['row {0}: skipped: "{1}" left out as you chose', 'строка {0}: пропущена: "{1}" исключено по вашему выбору'],
  [
    'row {0}: skipped: unit "{1}" left out as you chose',
    'строка {0}: пропущена: единица "{1}" исключена по вашему выбору',
  ],
  ['row {0}: skipped: no fuel bought', 'строка {0}: пропущена: топливо не куплено'],
  [
    'the sheet spans more than {0} cells (rows × columns): save only the rows and columns to import, or split it',
    'лист занимает более {0} ячеек (строки × столбцы): сохраните только нужные строки и столбцы или разделите его',
  ],
  [
    'row {0}: skipped: total "{1}" left out as you chose',
    'строка {0}: пропущена: сумма "{1}" исключена по вашему выбору',
  ],
  [
    'row {0}: {1} cells under a header of {2}: a value with an unquoted comma shifts the columns after it',
    'строка {0}: {1} ячеек при заголовке из {2}: значение с запятой без кавычек сдвигает следующие столбцы',
  ],
  [
    'row {0}: {1} of "{2}" left out: {3}, not the vehicle\'s fuel',
    'строка {0}: {1} из "{2}" не учтено: {3}, не топливо транспортного средства',
  ],
  [
    'row {0}: {1} ({2}) is not {3} less other fuel ({4})',
    'строка {0}: {1} ({2}) не равно {3} за вычетом другого топлива ({4})',
  ],
  ['row {0}: {1} is less than its other fuel', 'строка {0}: {1} меньше, чем другое топливо в нём'],
  [
    'choose the column that holds {0}, or give one {1} for every row',
    'выберите столбец с {0} или укажите одно {1} для всех строк',
  ],
  [
    'resolutions must be a JSON object of products and units',
    'resolutions должно быть JSON-объектом с продуктами и единицами',
  ],
  [
    'resolutions must be a JSON object of "products", "units" and "prices", each {value: choice}',
    'resolutions должно быть JSON-объектом из "products", "units" и "prices", каждый {значение: выбор}',
  ],
  ['resolutions: {0} "{1}" must be one of {2}', 'resolutions: {0} "{1}" должно быть одним из {2}'],
  ['resolutions must be at most 100,000 characters', 'resolutions должно содержать не более 100 000 символов'],
  [
    'default_date must be a date such as 2026-04-01 or a quarter such as Q2-2026',
    'default_date должно быть датой, например 2026-04-01, или кварталом, например Q2-2026',
  ],
  ['default_unit must be at most 50 characters', 'default_unit должно содержать не более 50 символов'],
  ['default_unit must be text', 'default_unit должно быть текстом'],
  ['ids must name at most {0} records', 'ids должно называть не более {0} записей'],
  ['ids must be record ids separated by commas', 'ids должно быть списком идентификаторов записей через запятую'],

  // Records health checks: what a unit's trips and fuel purchases leave unexplained.
  [
    'Unit {0}: {1} miles between odometer {2} ({3}) and {4} ({5}) are in no trip',
    'ТС {0}: {1} миль между показаниями одометра {2} ({3}) и {4} ({5}) не входят ни в одну поездку',
  ],
  [
    'Unit {0}: the trip of {1} starts at odometer {2}, {3} miles before the trip of {4} ended ({5})',
    'ТС {0}: поездка {1} начинается с показания одометра {2}, на {3} миль раньше окончания поездки {4} ({5})',
  ],
  [
    'Unit {0}: {1} miles on {2} gallons is {3} MPG, outside {4}–{5}',
    'ТС {0}: {1} миль на {2} галлонах — это {3} MPG, вне диапазона {4}–{5}',
  ],
  [
    'Unit {0} bought {1} gallons in {2} on {3} with no miles there from {4} to {5}',
    'ТС {0} купило {1} галлонов в {2} {3}, не проехав там ни мили с {4} по {5}',
  ],
  [
    'Unit {0} ran {1} miles from {2} to {3} with no fuel purchase (limit {4})',
    'ТС {0} проехало {1} миль с {2} по {3} без покупки топлива (предел {4})',
  ],
  ['Unit {0}: the receipt of {1} in {2} has no {3}', 'ТС {0}: в чеке от {1} в {2} нет {3}'],
  ['Unit {0} runs on {1} but bought {2} gallons of {3}', 'ТС {0} работает на {1}, но купило {2} галлонов {3}'],
  ['{0} must be more than {1} ({2})', '{0} должно быть больше {1} ({2})'],

  // Subscriptions, cards, invoices.
  ['Active subscription required to use this feature', 'Для этой функции нужна активная подписка'],
  ['No active subscription', 'Нет активной подписки'],
  ['You already have an active subscription', 'У вас уже есть активная подписка'],
  ['You are already on the {0} plan', 'Вы уже на тарифе {0}'],
  ['The subscription is not set to cancel', 'Подписка не настроена на отмену'],
  [
    "This company's subscription is paid by {0}; ask them to change it",
    'Подписку этой компании оплачивает {0}; попросите их изменить её',
  ],
  [
    'The subscription has ended; choose a plan and a card to resume it',
    'Подписка закончилась; выберите тариф и карту, чтобы возобновить её',
  ],
  ["plan_id '{0}' is not a plan on sale", "plan_id '{0}' — не продаваемый тариф"],
  [
    'Keys for idempotent requests can only be used with the same parameters they were first used with. Use another Idempotency-Key for a different request.',
    'Ключ идемпотентного запроса можно использовать только с теми же параметрами, что и в первый раз. Для другого запроса используйте другой Idempotency-Key.',
  ],
  ['Payment method not found', 'Способ оплаты не найден'],
  ['No such payment method', 'Такого способа оплаты нет'],
  ['No default card on file', 'Нет карты по умолчанию'],
  ['The payment method is not a card', 'Этот способ оплаты — не карта'],
  [
    'The payment method you provided has already been attached to another customer.',
    'Указанный способ оплаты уже привязан к другому клиенту.',
  ],
  ['The payment needs the cardholder to confirm it', 'Платёж должен подтвердить держатель карты'],
  ['Send is_default: true or a nickname', 'Отправьте is_default: true или nickname'],
  [
    'is_default can only be set to true; set another card as default instead',
    'is_default можно установить только в true; вместо этого сделайте основной другую карту',
  ],
  [
    'This card pays your subscription and it is your only card: add another card first (or cancel the subscription) before deleting it',
    'Эта карта оплачивает подписку и она у вас единственная: прежде чем удалять её, добавьте другую карту (или отмените подписку)',
  ],
  [
    'The card provider is unavailable, please try again in a few minutes',
    'Платёжный провайдер недоступен, повторите попытку через несколько минут',
  ],
  [
    'The sandbox card provider is not enabled on this server',
    'Тестовый платёжный провайдер на этом сервере не включён',
  ],
  [
    'The {0} card provider is not enabled; the live provider is {1}',
    'Платёжный провайдер {0} не включён; действующий провайдер — {1}',
  ],
  ['Stripe is not the live card provider', 'Stripe не является действующим платёжным провайдером'],
  ['Invalid webhook signature', 'Неверная подпись веб-хука'],
  ['Your card was declined.', 'Ваша карта отклонена.'],
  ['Your card number is incomplete.', 'Номер карты указан не полностью.'],
  ['Your card number is invalid.', 'Номер карты неверен.'],
  ["Your card's expiration month is invalid.", 'Месяц окончания срока действия карты неверен.'],
  ["Your card's expiration year is invalid.", 'Год окончания срока действия карты неверен.'],
  ["Your card's security code is incomplete.", 'Код безопасности карты указан не полностью.'],
  ["Your card's security code is invalid.", 'Код безопасности карты неверен.'],

  // Interest periods, e-mail, operator.
  ['No period starts on that day', 'Ни один период не начинается в этот день'],
  [
    'The period {0} – {1} overlaps {2} – {3}: shorten that one first',
    'Период {0} – {1} пересекается с {2} – {3}: сначала сократите тот период',
  ],
  ['No given-up e-mail with that id', 'Нет неотправленного письма с таким id'],

  // class-validator's own sentences, for a check written without a message of ours.
  ['property {0} should not exist', 'свойство {0} не допускается'],
  ['nested property {0} must be either object or array', 'вложенное свойство {0} должно быть объектом или массивом'],
  ['{0} should not be empty', '{0} не должно быть пустым'],
  ['{0} must not be greater than {1}', '{0} не должно быть больше {1}'],
  ['{0} must not be less than {1}', '{0} не должно быть меньше {1}'],
  ['{0} must be a boolean value', '{0} должно быть логическим значением'],
  ['{0} must be an array', '{0} должно быть массивом'],
  ['{0} must be an integer number', '{0} должно быть целым числом'],
  [
    '{0} must be a number conforming to the specified constraints',
    '{0} должно быть числом, удовлетворяющим заданным ограничениям',
  ],
  ['{0} must be shorter than or equal to {1} characters', '{0} должно быть не длиннее {1} символов'],
  ['{0} must be longer than or equal to {1} characters', '{0} должно быть не короче {1} символов'],
  ['{0} must be one of the following values: {1}', '{0} должно быть одним из значений: {1}'],
  ['{0} must match {1} regular expression', '{0} должно соответствовать регулярному выражению {1}'],
  ['{0} must be an email', '{0} должно быть адресом e-mail'],
  ['{0} must be a UUID', '{0} должно быть UUID'],
  ['{0} must be a valid ISO 8601 date string', '{0} должно быть датой в формате ISO 8601'],
  ['{0} must be a Date instance', '{0} должно быть датой'],
  ['{0} must be an object', '{0} должно быть объектом'],
  ['{0} must contain at least {1} elements', '{0} должно содержать не менее {1} элементов'],
  ['{0} must not be a negative number', '{0} не должно быть отрицательным числом'],
  ['{0} must be a positive number', '{0} должно быть положительным числом'],
  ['each value in {0}', 'каждое значение в {0}'],
  // Receipt attachments of fuel purchases.
  ['Send the receipt (JPEG, PNG or PDF) in the "file" field', 'Отправьте чек (JPEG, PNG или PDF) в поле "file"'],
  ['Send the receipt in the "file" field', 'Отправьте чек в поле "file"'],
  ['This fuel purchase has no receipt attached', 'К этой заправке не прикреплён чек'],
  [
    'Receipt storage is full: {0} MB of {1} MB used. Delete receipts you no longer need or contact support.',
    'Хранилище чеков заполнено: использовано {0} МБ из {1} МБ. Удалите ненужные чеки или обратитесь в поддержку.',
  ],
  // The audit trail's pages.
  ['cursor is not one this API gave', 'cursor не был выдан этим API'],
  ['action must be an action name such as update', 'action должно быть названием действия, например update'],
];
