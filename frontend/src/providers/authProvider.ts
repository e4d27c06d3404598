import type { AuthProvider } from 'react-admin';
import { httpStatus } from './httpClient';
import {
  clearSession,
  dropUnusableToken,
  forgetTabSession,
  getStoredUser,
  getToken,
  rememberReturnPath,
  storeSession,
  storeUser,
} from './authSession';
import type { AuthSession, LoginCredentials, User } from '../api/types';
import { showToast } from '../notifications/toastStore';

const LOGIN_PATH = '/login';
export const AFTER_LOGIN_PATH = '/dashboard';

/** One /me request per token and page load; later checks reuse its answer. */
let userRequest: { token: string; promise: Promise<User> } | null = null;

/** React-admin must not add its own toast: we raise ours, once, through the toast bus. */
const signedOut = () => ({ message: false as const, redirectTo: LOGIN_PATH });

const expireSession = (): void => {
  const hadSession = getToken() !== null;
  if (hadSession && window.location.pathname !== LOGIN_PATH) {
    rememberReturnPath(`${window.location.pathname}${window.location.search}`);
  }
  // Only this tab's sign-in ended: another tab's newer one (another company's) stays.
  forgetTabSession();
  userRequest = null;
  // Several calls may fail with 401 together; only the first one finds a session to clear.
  if (hadSession) showToast({ message: 'auth.session_expired', type: 'error' });
};

/**
 * The typed API client, loaded at the first call: the login page loads this file, and the client (openapi-fetch and
 * its middleware) would push the page's JavaScript over its 300 KB budget.
 */
const api = () => import('../api/client');

const loadUser = (token: string): Promise<User> => {
  if (userRequest?.token === token) return userRequest.promise;
  const promise = api().then(async ({ body, client }) => {
    const user = (await body(client.GET('/api/protected/user/me'))) as User;
    storeUser(user);
    return user;
  });
  userRequest = { token, promise };
  promise.catch(() => {
    if (userRequest?.promise === promise) userRequest = null;
  });
  return promise;
};

/**
 * docs/product-spec.md §4: a stored token is checked for expiry on load (expired or malformed: removed), then the
 * current user is fetched. A 401 ends the session; any other failure says 'Authentication error'
 * and keeps a user we already know, so a flaky network does not sign people out.
 */
const ensureSignedIn = async (): Promise<User> => {
  if (!dropUnusableToken()) throw signedOut();
  const token = getToken() as string;
  try {
    return await loadUser(token);
  } catch (error) {
    if (httpStatus(error) === 401) {
      expireSession();
      throw signedOut();
    }
    showToast({ message: 'auth.auth_error', type: 'error' });
    const known = getStoredUser();
    if (known) return known;
    throw signedOut();
  }
};

const isSession = (params: unknown): params is AuthSession =>
  typeof params === 'object' && params !== null && 'token' in params && 'user' in params;

export const authProvider: AuthProvider = {
  /**
   * Takes credentials, or a session already obtained by registering, so both paths
   * go through react-admin's useLogin and refresh its auth state the same way.
   */
  login: async (params: LoginCredentials | AuthSession) => {
    const signIn = async ({ email, password }: LoginCredentials) => {
      const { body, client } = await api();
      return (await body(client.POST('/api/auth/login', { body: { email, password } }))) as AuthSession;
    };
    const session = isSession(params) ? params : await signIn(params);
    storeSession(session);
    userRequest = { token: session.token, promise: Promise.resolve(session.user) };
    return { redirectTo: AFTER_LOGIN_PATH };
  },

  logout: async () => {
    // Ends the token on the server too; signing out locally never waits on or fails with it.
    if (getToken()) {
      await api()
        .then(({ client }) => client.POST('/api/auth/logout'))
        .catch(() => undefined);
    }
    clearSession();
    userRequest = null;
    return LOGIN_PATH;
  },

  checkAuth: async () => {
    await ensureSignedIn();
  },

  checkError: async (error: unknown) => {
    const status = httpStatus(error) ?? (error as { status?: unknown } | null)?.status;
    if (status === 401) {
      expireSession();
      throw signedOut();
    }
    // 403 means a missing subscription, not a bad session: the subscription guard handles it.
  },

  getIdentity: async () => {
    const user = getStoredUser() ?? (await ensureSignedIn());
    return { id: user.id, fullName: user.company_name, email: user.email };
  },

  getPermissions: async () => undefined,
};
