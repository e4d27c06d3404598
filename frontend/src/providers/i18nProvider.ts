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

/**
 * Adds the messages of a screen that loads as a chunk of its own (the operator console), so the login page does not
 * carry texts that only a few accounts ever see. Resolves once translate() knows them in the current language; a
 * later change of language keeps them, since they join the messages every language is built from.
 */
export function addMessages(extra: Record<Language, object>): Promise<void> {
  for (const language of Object.keys(messages) as Language[]) {
    messages[language] = mergeTranslations(messages[language], extra[language]);
  }
  // One microtask later, so a change of language already under way (the saved language applied at sign-in) has
  // settled and getLocale() names the language the screens are in, not the one before it.
  return Promise.resolve().then(() => i18nProvider.changeLocale(i18nProvider.getLocale()));
}
