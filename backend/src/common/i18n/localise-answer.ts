import type { Request } from 'express';
import type { AuthenticatedUser } from '../authenticated-user.js';
import { languageFromHeader, localiseMessage, type ServerLanguage } from './localise-message.js';

/** The language setting of a signed-in account; undefined when it cannot be read. */
export type AccountLanguage = (userId: string) => Promise<ServerLanguage | undefined>;

/** The lists of sentences an answer may carry: an import's `errors` and `problems`, a report's `warnings`. */
const SENTENCE_LISTS = ['errors', 'problems', 'details', 'warnings'] as const;

/**
 * The language a request is answered in: the signed-in account's language setting, else its Accept-Language, else
 * English. A setting that cannot be read (`readAccount` false, as for an outage, or a failed read) leaves the header
 * to decide: an answer must not fail for its language.
 */
export async function answerLanguage(
  request: (Request & { user?: AuthenticatedUser }) | undefined,
  accountLanguage: AccountLanguage | undefined,
  readAccount = true,
): Promise<ServerLanguage> {
  const userId = request?.user?.id;
  if (userId && accountLanguage && readAccount) {
    try {
      const setting = await accountLanguage(userId);
      if (setting) return setting;
    } catch {
      // the header below
    }
  }
  return languageFromHeader(request?.headers?.['accept-language']);
}

/** True when `body` holds a sentence localiseAnswer would translate: only such answers need the language looked up. */
export function carriesSentences(body: unknown): boolean {
  if (!isRecord(body)) return false;
  return (
    typeof body.message === 'string' ||
    typeof body.error === 'string' ||
    SENTENCE_LISTS.some((key) => Array.isArray(body[key]) && (body[key] as unknown[]).length > 0)
  );
}

/**
 * `body` with its sentences in `language`: `error`, `message`, each of `fields`, and each item (or item's `message`)
 * of the lists of sentences. Keys, codes, numbers and every other field are left as they are.
 */
export function localiseAnswer<T>(body: T, language: ServerLanguage): T {
  if (language === 'en' || !isRecord(body)) return body;
  const text = (value: unknown) => (typeof value === 'string' ? localiseMessage(value, language) : value);
  const localised: Record<string, unknown> = { ...body };
  if ('error' in body) localised.error = text(body.error);
  if ('message' in body) localised.message = text(body.message);
  if (isRecord(body.fields)) {
    localised.fields = Object.fromEntries(Object.entries(body.fields).map(([field, value]) => [field, text(value)]));
  }
  for (const key of SENTENCE_LISTS) {
    const list = body[key];
    if (!Array.isArray(list)) continue;
    localised[key] = list.map((item: unknown) =>
      isRecord(item) && typeof item.message === 'string' ? { ...item, message: text(item.message) } : text(item),
    );
  }
  return localised as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
