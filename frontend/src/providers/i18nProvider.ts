import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { en } from '../i18n/en';
import { LANGUAGES } from '../api/constants';
import { readStoredLocale } from './store';

type Language = (typeof LANGUAGES)[number];
const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Texts of screens that load as chunks of their own (addMessages), kept for a language loaded after them. */
const extras: Array<Record<Language, object>> = [];
const withExtras = (language: Language, base: TranslationMessages) =>
  extras.reduce((all, extra) => mergeTranslations(all, extra[language]), base);

/**
 * English comes with the login page; Russian is a chunk of its own, loaded when first needed (the login page's
 * JavaScript budget, docs/PERFORMANCE.md): an English visitor never downloads it.
 */
const messages: Partial<Record<Language, TranslationMessages>> = { en: mergeTranslations(englishMessages, en) };
const loadRussian = () => import('./russianMessages').then((module) => module.russianMessages);

const load = async (language: Language): Promise<TranslationMessages> => {
  const loaded = messages[language];
  if (loaded) return loaded;
  const base = language === 'ru' ? await loadRussian() : mergeTranslations(englishMessages, en);
  return (messages[language] ??= withExtras(language, base));
};

export const i18nProvider = polyglotI18nProvider(
  (locale) => {
    const language = isLanguage(locale) ? locale : 'en';
    return messages[language] ?? load(language);
  },
  'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'ru', name: 'Русский' },
  ],
);

/**
 * The stored language, applied before the app's first render (main.tsx waits for it), so a Russian screen never
 * flashes English before react-admin reads its store; if its texts cannot be loaded the app starts in English.
 */
export const languageReady: Promise<void> = (async () => {
  const stored = readStoredLocale();
  if (!isLanguage(stored) || stored === 'en') return;
  try {
    await i18nProvider.changeLocale(stored);
  } catch {
    // English stays.
  }
})();

/**
 * Adds the messages of a screen that loads as a chunk of its own (the operator console), so the login page does not
 * carry texts that only a few accounts ever see. Resolves once translate() knows them in the current language; a
 * later change of language keeps them, since they join the messages every language is built from.
 */
export function addMessages(extra: Record<Language, object>): Promise<void> {
  extras.push(extra);
  for (const language of Object.keys(messages) as Language[]) {
    messages[language] = mergeTranslations(messages[language] ?? {}, extra[language]);
  }
  // One microtask later, so a change of language already under way (the saved language applied at sign-in) has
  // settled and getLocale() names the language the screens are in, not the one before it.
  return Promise.resolve().then(() => i18nProvider.changeLocale(i18nProvider.getLocale()));
}
