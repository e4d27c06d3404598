import { HttpError } from 'react-admin';
import { apiHeaders, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, serverErrorText } from './httpClient';
import { announceSubscriptionRequired, isSubscriptionRequired } from './subscriptionRequired';

/** A file the API sent, with the name its Content-Disposition gave (if any). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The bearer token, the tab's company and the screens' language, as every other call sends them. */
const authHeaders = (): Record<string, string> => {
  const headers = new Headers();
  apiHeaders(headers);
  // A file's answer is not JSON: the Accept of the JSON calls would not do.
  headers.delete('Accept');
  return Object.fromEntries(headers.entries());
};

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text || null;
  }
};

/** Like httpClient: a refused guarded feature (export, calculator) also opens the subscription modal. */
const failure = (status: number, text: string, statusText: string): HttpError => {
  const body = parseBody(text);
  if (isSubscriptionRequired(status, body)) announceSubscriptionRequired();
  return new HttpError(serverErrorText(body) ?? statusText, status, body);
};

/** RFC 6266: the UTF-8 `filename*` when present, else the plain `filename`. */
const fileNameFrom = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
};

/** A binary answer (an .xlsx) with the bearer token; failures throw HttpError like httpClient does. */
export async function fetchFile(path: string, method: 'GET' | 'POST' = 'GET'): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...authHeaders(), ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      // docs/product-spec.md §7: the export is a POST with an empty body.
      body: method === 'POST' ? '{}' : undefined,
    });
  } catch {
    throw new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null);
  }
  if (!response.ok) throw failure(response.status, await response.text(), response.statusText);
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('Content-Disposition')) };
}

/** How far a streamed download is: bytes received, and what the server announced of the whole (when it did). */
export interface DownloadProgress {
  received: number;
  /** The server's estimate of the whole, from `estimateHeader`; null when it gave none. */
  estimated: number | null;
}

/**
 * A GET whose answer is a file sent as it is written (no length known ahead), read chunk by chunk so `onProgress`
 * can show how far it is against the estimate the server announces in `estimateHeader`. A response cut short (the
 * server stopped mid-file) throws as a network failure, never a truncated file.
 */
export async function fetchFileWithProgress(
  path: string,
  estimateHeader: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadedFile> {
  const networkError = () => new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null);
  let response: Response;
  try {
    response = await fetch(path, { headers: authHeaders() });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw failure(response.status, await response.text(), response.statusText);
  const announced = Number(response.headers.get(estimateHeader));
  const estimated = Number.isFinite(announced) && announced > 0 ? announced : null;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const fileName = fileNameFrom(response.headers.get('Content-Disposition'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, estimated });
  if (!response.body) return { blob: await response.blob(), fileName };
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, estimated });
    }
  } catch {
    throw networkError();
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** A multipart POST whose answer is a file (a CSV of an upload's problems); failures throw HttpError. */
export async function postFormForFile(path: string, form: FormData): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: authHeaders(), body: form });
  } catch {
    throw new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null);
  }
  if (!response.ok) throw failure(response.status, await response.text(), response.statusText);
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('Content-Disposition')) };
}

/**
 * A multipart POST through XMLHttpRequest, because fetch cannot report upload progress; `onProgress`
 * gets the share sent, 0 to 1. Answers the parsed JSON; failures throw HttpError like httpClient does.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (share: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(parseBody(request.responseText) as T);
      } else {
        reject(failure(request.status, request.responseText, request.statusText));
      }
    };
    request.onerror = () => reject(new HttpError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS, null));
    request.send(form);
  });
}
