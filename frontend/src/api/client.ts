import createClient, { type Middleware } from 'openapi-fetch';
import { HttpError } from 'react-admin';
import type { paths } from './schema';
import {
  apiHeaders,
  httpFailure,
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_STATUS,
  parseJson,
} from '../providers/httpClient';

/**
 * The same rules as providers/httpClient.ts, as openapi-fetch middleware: every request carries the screen's language
 * and the session's token; a failed answer throws react-admin's HttpError with the status, the parsed body and the
 * server's sentence (so react-admin's checkError signs out on 401 and pages show the sentence), and a refusal for
 * want of a subscription opens the subscription prompt; a request that gets no answer is the network error.
 */
export const apiMiddleware: Middleware = {
  onRequest({ request }) {
    apiHeaders(request.headers);
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return undefined;
    throw httpFailure(response.status, response.statusText, parseJson(await response.clone().text()));
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    return new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null);
  },
};

/**
 * The typed API client: paths, parameters and bodies are checked against the generated schema (schema.d.ts, from
 * openapi.json), so a changed endpoint fails the type check where it is called. Providers call it as
 * `client.GET('/api/protected/vehicles', { params: { query } })`. The browser's fetch is looked up at each call
 * (not kept from the moment the module loads), and the page's origin is the base (Node's Request, in unit tests,
 * needs an absolute address).
 */
export const client = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  // Said outright, though it is fetch's default: a sign-in must send and keep the httpOnly device cookie that gives
  // this browser its own sign-in budget (docs/security.md), and the API is only ever on the page's own origin.
  credentials: 'same-origin',
  fetch: (request) => globalThis.fetch(request),
});
client.use(apiMiddleware);

/** The body of a successful answer; a failure never gets here, the middleware has thrown it. */
export const body = async <T>(call: Promise<{ data?: T }>): Promise<T> => (await call).data as T;

/** The JSON body an operation takes, from the generated schema: `JsonBody<paths['/api/…']['post']>`. */
export type JsonBody<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;
