import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { en, ru, isLanguage, type Language } from '../i18n';
import { readStoredLocale } from './store';

// ra-language-russian trails react-admin's English pack by a few keys; English fills those gaps
// rather than showing raw keys.
const messages: Record<Language, TranslationMessages> = {
  en: mergeTranslations(englishMessages, en),
  ru: mergeTranslations(englishMessages, russianMessages, ru),
};

const stored = readStoredLocale();

export const i18nProvider = polyglotI18nProvider(
  (locale) => messages[isLanguage(locale) ? locale : 'en'],
  // Starting in the stored language avoids an English flash before react-admin reads its store.
  isLanguage(stored) ? stored : 'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'ru', name: 'Русский' },
  ],
);
