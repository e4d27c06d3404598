import { HttpError } from 'react-admin';
import { getToken, tabCompanyId } from './authSession';
import { screenLanguage } from './store';
import { announceSubscriptionRequired, isSubscriptionRequired } from './subscriptionRequired';

/** Every call goes under this prefix (docs/product-spec.md §9). */
const API_BASE = '/api';

/** The one error body the server sends: `error` is a sentence meant for people. */
interface ServerErrorBody {
  statusCode: number;
  error: string;
  message?: unknown;
  code?: string;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export interface HttpOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Status 0 marks a request that never got an answer. */
export const NETWORK_ERROR_STATUS = 0;
export const NETWORK_ERROR_MESSAGE = 'Network Error';

/**
 * JSON fetch against the API with the bearer token. Failures throw react-admin's HttpError with the
 * HTTP status and the parsed server body, and the server's human sentence as the message, so both
 * react-admin (which reads `status` for checkError) and our pages (which show the sentence) work.
 */
export async function httpClient<T = unknown>(path: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  apiHeaders(headers);
  const hasBody = options.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: hasBody ? (typeof options.body === 'string' ? options.body : JSON.stringify(options.body)) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null);
  }

  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) throw httpFailure(response.status, response.statusText, json);
  return { status: response.status, headers: response.headers, body: text, json: json as T };
}

/**
 * The header naming the company this tab acts for. The server refuses (409) a request whose token is for another
 * company, so a page never writes into, or reads from, a company other than the one it shows.
 */
export const TAB_COMPANY_HEADER = 'X-Company-Id';

/** What every call carries, whichever client sends it (this one, the typed one in api/client.ts, fileTransfer.ts). */
export const apiHeaders = (headers: Headers): void => {
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', screenLanguage());
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const company = token ? tabCompanyId() : null;
  if (company) headers.set(TAB_COMPANY_HEADER, company);
};

/**
 * A failed answer as the HttpError both clients throw; a refusal for want of a subscription also opens the
 * subscription prompt.
 */
export const httpFailure = (status: number, statusText: string, json: unknown): HttpError => {
  if (isSubscriptionRequired(status, json)) announceSubscriptionRequired();
  return new HttpError(serverErrorText(json) ?? statusText, status, json);
};

export const parseJson = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The sentence to show for a failed call: the body's `error`, else a string `message`. */
export const serverErrorText = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as Partial<ServerErrorBody>;
  if (typeof error === 'string' && error.trim()) return error;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message.join(', ');
  return undefined;
};

/**
 * What a page shows for a failed call: the server's text when there is one, the network message
 * for a request with no answer, else the page's own translation key (docs/product-spec.md §8 "server error else ...").
 */
export const errorMessage = (error: unknown, fallbackKey: string): string => {
  if (error instanceof HttpError) {
    if (error.status === NETWORK_ERROR_STATUS) return 'errors.network';
    return serverErrorText(error.body) ?? fallbackKey;
  }
  return fallbackKey;
};

export const httpStatus = (error: unknown): number | undefined =>
  error instanceof HttpError ? error.status : undefined;
