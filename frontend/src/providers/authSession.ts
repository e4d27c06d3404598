/**
 * The login (auth) session in the browser: the token, the signed-in user and the cached settings; the server keeps
 * its side in auth/auth-sessions.service.ts. Not to be confused with a calculation session
 * (calculationSessionsProvider.ts), the calculator's saved work. Nothing else reads these keys directly.
 *
 * A person in several companies may work in two tabs at once, each for another company. So the session a tab acts
 * with is its own, in sessionStorage, and only an action in that tab (sign-in, switching company) changes it: had
 * every tab read one shared token, switching company in one tab would have sent another tab's typed work to the
 * company switched to, under the old company's name. localStorage keeps the browser's latest sign-in, which a new
 * tab starts from (and which a reload keeps only when the tab has none of its own). Signing out empties it, and
 * every other tab then finds itself signed out at its next call; so does a tab whose person is no longer the one
 * signed in here. Where the browser gives no sessionStorage, every tab shares localStorage's session.
 */
import type { AuthSession, User } from '../api/types';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const SETTINGS_KEY = 'settings';
const SESSION_KEYS = [TOKEN_KEY, USER_KEY, SETTINGS_KEY];

/** The browser's latest sign-in, shared by its tabs; null where there is no browser storage at all. */
const sharedStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** This tab's own storage; null where the browser refuses it (the tab then uses the shared one). */
const tabStorage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Whether this page load has read its session yet, and whether it has acted with one: a page that showed a
 * company's data never takes up another sign-in while it is open (only a reload or a sign-in in it does), or what
 * it shows would be sent to whichever company that sign-in is for.
 */
let firstRead = true;
let pageHadSession = false;
/**
 * The company this page took up with its session (tabCompanyId): kept in memory, so that even where every tab shares
 * one stored session (no sessionStorage), a page goes on naming the company it showed after another tab switched.
 */
let pageCompany: string | null = null;

const takeUp = (storage: Storage | null): void => {
  pageCompany = parseUser(storage?.getItem(USER_KEY) ?? null)?.company_id ?? null;
};

const personOf = (storage: Storage): string | null => parseUser(storage.getItem(USER_KEY))?.id ?? null;

const copy = (from: Storage, to: Storage): void => {
  for (const key of SESSION_KEYS) {
    const value = from.getItem(key);
    if (value === null) to.removeItem(key);
    else to.setItem(key, value);
  }
};

const empty = (storage: Storage): void => {
  for (const key of SESSION_KEYS) storage.removeItem(key);
};

/**
 * The storage holding the session this tab acts with, brought in line with the browser's sign-in first: a new tab
 * (or a reload after another person signed in here) takes up the latest sign-in; a tab whose sign-in ended
 * elsewhere (signed out, or another person signed in) drops its own. A tab keeps its own company whatever company
 * another tab of the same person switched to.
 */
const sessionStorageOfTab = (): Storage | null => {
  const shared = sharedStorage();
  const tab = tabStorage();
  if (!tab || !shared) {
    const storage = shared ?? tab;
    if (!pageHadSession) takeUp(storage);
    if (storage?.getItem(TOKEN_KEY)) pageHadSession = true;
    return storage;
  }
  const mine = tab.getItem(TOKEN_KEY);
  const latest = shared.getItem(TOKEN_KEY);
  const otherPerson = mine !== null && latest !== null && personOf(tab) !== personOf(shared);
  let changed = firstRead;
  if (firstRead) {
    if (latest !== null && (mine === null || otherPerson)) copy(shared, tab);
    else if (latest === null && mine !== null) empty(tab);
  } else if (mine !== null && (latest === null || otherPerson)) {
    empty(tab);
    changed = true;
  } else if (mine === null && latest !== null && !pageHadSession) {
    copy(shared, tab);
    changed = true;
  }
  firstRead = false;
  if (changed) takeUp(tab);
  if (tab.getItem(TOKEN_KEY) !== null) pageHadSession = true;
  return tab;
};

/** Runs `write` on the shared storage too when it still holds this tab's sign-in (nobody signed in anew since). */
const alsoShared = (tab: Storage | null, write: (storage: Storage) => void): void => {
  const shared = sharedStorage();
  if (!shared || shared === tab) return;
  if (tab === null || shared.getItem(TOKEN_KEY) === tab.getItem(TOKEN_KEY)) write(shared);
};

export const getToken = (): string | null => sessionStorageOfTab()?.getItem(TOKEN_KEY) ?? null;

/**
 * A sign-in or a company switch in this tab: the tab acts with it from now on, and it is the browser's latest
 * sign-in, which new tabs start from. Other open tabs keep theirs. The cached settings were the old company's.
 */
export const storeSession = ({ token, user }: AuthSession): void => {
  const tab = sessionStorageOfTab();
  for (const storage of new Set([tab, sharedStorage()])) {
    if (!storage) continue;
    storage.setItem(TOKEN_KEY, token);
    storage.setItem(USER_KEY, JSON.stringify(user));
    storage.removeItem(SETTINGS_KEY);
  }
  pageHadSession = true;
  pageCompany = user.company_id ?? null;
};

export const storeUser = (user: User): void => {
  const tab = sessionStorageOfTab();
  const write = (storage: Storage) => storage.setItem(USER_KEY, JSON.stringify(user));
  alsoShared(tab, write);
  if (tab) write(tab);
};

export const getStoredUser = (): User | null => parseUser(sessionStorageOfTab()?.getItem(USER_KEY) ?? null);

/**
 * The company this tab acts for, as its page took it up (at its load, or a sign-in or switch in it): every request
 * carries it, and the server refuses one whose token is for another company rather than apply it there.
 */
export const tabCompanyId = (): string | null => {
  sessionStorageOfTab();
  return pageCompany;
};

/**
 * Whose work this browser keeps (the calculator's autosave): the person in the company they act for now. A person in
 * two companies keeps each company's work apart; a company's first owner keeps the key they always had (their id).
 */
export const storedWorkOwner = (): string | null => {
  const user = getStoredUser();
  if (!user) return null;
  return user.company_id && user.company_id !== user.id ? `${user.id}@${user.company_id}` : user.id;
};

export const storeSettingsCache = (settings: unknown): void => {
  const tab = sessionStorageOfTab();
  const write = (storage: Storage) => storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  alsoShared(tab, write);
  if (tab) write(tab);
};

/** The cached settings as stored, or null (signed out, never loaded, or no browser storage at all). */
export const readSettingsCache = (): unknown => {
  try {
    return JSON.parse(sessionStorageOfTab()?.getItem(SETTINGS_KEY) ?? 'null');
  } catch {
    return null;
  }
};

/**
 * Sign-out (and a reset password, which ended every session): clears the token, the user and the settings of this
 * tab and of the browser, so every other tab is signed out at its next call (docs/product-spec.md §4).
 */
export const clearSession = (): void => {
  const tab = sessionStorageOfTab();
  for (const storage of new Set([tab, sharedStorage()])) if (storage) empty(storage);
  pageCompany = null;
};

/**
 * This tab's session ended (expired, or refused by the server): it goes, and the browser's too when that is the same
 * sign-in; another tab's newer sign-in stays.
 */
export const forgetTabSession = (): void => {
  const tab = sessionStorageOfTab();
  alsoShared(tab, empty);
  if (tab) empty(tab);
  pageCompany = null;
};

const RETURN_KEY = 'return-after-sign-in';

/**
 * Where a user whose session expired was working, so signing in again returns there (the calculator's work is
 * kept in this browser under the same user). Per tab, and only for the same user.
 */
export const rememberReturnPath = (path: string): void => {
  const user = getStoredUser();
  if (!user) return;
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ user: user.id, path }));
  } catch {
    // The sign-in then lands on the dashboard.
  }
};

/** The remembered path for the user now signed in, once. */
export const takeReturnPath = (): string | null => {
  try {
    const raw = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    const parsed = raw ? (JSON.parse(raw) as { user?: unknown; path?: unknown }) : null;
    const user = getStoredUser();
    return parsed && user && parsed.user === user.id && typeof parsed.path === 'string' && parsed.path.startsWith('/')
      ? parsed.path
      : null;
  } catch {
    return null;
  }
};

const parseUser = (raw: string | null): User | null => {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const isUser = (value: unknown): value is User =>
  typeof value === 'object' && value !== null && 'email' in value && 'company_name' in value && 'id' in value;

/**
 * A token is usable when it is a three-part JWT whose payload has a numeric `exp` in the future.
 * The signature is the server's business; the client only avoids sending a token it knows is dead.
 */
const isTokenUsable = (token: string, nowMs: number = Date.now()): boolean => {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const payload: unknown = JSON.parse(atob(padded));
    if (typeof payload !== 'object' || payload === null || !('exp' in payload)) return false;
    const { exp } = payload as { exp: unknown };
    return typeof exp === 'number' && exp * 1000 > nowMs;
  } catch {
    return false;
  }
};

/** Removes a stored token that is expired or malformed; true when a usable token remains. */
export const dropUnusableToken = (): boolean => {
  const token = getToken();
  if (token && isTokenUsable(token)) return true;
  if (token) forgetTabSession();
  return false;
};
