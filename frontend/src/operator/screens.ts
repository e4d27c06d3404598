import { addMessages } from '../providers/i18nProvider';
import { operatorEn } from '../i18n/operator.en';
import { operatorRu } from '../i18n/operator.ru';

/** The operator console's screens, loaded together as one chunk the first time an operator opens the console. */
export { default as RateMatrixList } from './RateMatrixList';
export { default as RateMatrixShow } from './RateMatrixShow';
export { default as RateMatrixUpload } from './RateMatrixUpload';
export { default as MatrixRunList } from './MatrixRunList';
export { default as InterestRateList } from './InterestRateList';
export { default as AccountList } from './AccountList';

/** The console's texts come with its chunk: the screens render once translate() knows them. */
export const messagesReady = addMessages({ en: { operator: operatorEn }, ru: { operator: operatorRu } });
