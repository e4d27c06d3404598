/**
 * The login (auth) session in the browser: the token, the signed-in user and the cached settings, all in
 * localStorage so a reload keeps them; the server keeps its side in auth/auth-sessions.service.ts. Not to be
 * confused with a calculation session (calculationSessionsProvider.ts), the calculator's saved work.
 * Nothing else reads these keys directly.
 */
import type { AuthSession, User } from '../api/types';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const SETTINGS_KEY = 'settings';

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

export const storeSession = ({ token, user }: AuthSession): void => {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
};

export const storeUser = (user: User): void => localStorage.setItem(USER_KEY, JSON.stringify(user));

export const getStoredUser = (): User | null => {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
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

export const storeSettingsCache = (settings: unknown): void =>
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));

/** The cached settings as stored, or null (signed out, never loaded, or no browser storage at all). */
export const readSettingsCache = (): unknown => {
  if (typeof localStorage === 'undefined') return null;
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
  } catch {
    return null;
  }
};

/** Logout and an expired session both clear the token, the user and the settings (docs/product-spec.md §4). */
export const clearSession = (): void => {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(SETTINGS_KEY);
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
  if (token) clearSession();
  return false;
};
