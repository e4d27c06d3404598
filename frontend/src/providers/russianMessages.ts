import { mergeTranslations } from 'react-admin';
import englishMessages from 'ra-language-english';
import russianPack from 'ra-language-russian';
import { ru } from '../i18n/ru';

/**
 * The Russian screens' texts, a chunk of their own (i18nProvider.ts loads it when Russian is first needed).
 * ra-language-russian trails react-admin's English pack by a few keys; English fills those gaps rather than showing
 * raw keys.
 */
export const russianMessages = mergeTranslations(englishMessages, russianPack, ru);
