import { localStorageStore, type Store } from 'react-admin';

const STORE_VERSION = '1';
const LOCALE_KEY = 'locale';

const base = localStorageStore(STORE_VERSION);

/**
 * react-admin's localStorage store, except that signing out keeps the chosen language:
 * it is a preference of the person at this browser, and the login page should stay readable to them.
 */
export const store: Store = {
  ...base,
  reset: () => {
    const locale = base.getItem<string>(LOCALE_KEY);
    base.reset();
    if (locale) base.setItem(LOCALE_KEY, locale);
  },
};

/** The language saved by react-admin's store, read before React starts. */
export const readStoredLocale = (): string | undefined => {
  try {
    const raw = localStorage.getItem(`RaStore.${LOCALE_KEY}`);
    return raw ? (JSON.parse(raw) as string) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The language the screens are in, sent to the server as Accept-Language so its messages come in it too: a signed-out
 * page (the login page) has no account whose setting the server could read.
 */
export const screenLanguage = (): 'en' | 'ru' => (readStoredLocale() === 'ru' ? 'ru' : 'en');
