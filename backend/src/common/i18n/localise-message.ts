import { SERVER_MESSAGES } from './server-messages.js';

/** The languages the server answers in: the product's two (docs/product-spec.md §3, language). */
export type ServerLanguage = 'en' | 'ru';

interface Pattern {
  regex: RegExp;
  ru: string;
  /** Fixed characters of the English: a more specific pattern is tried before a more general one. */
  weight: number;
}

const HOLE = /\{(\d+)\}/g;
/** The longest text matched against the patterns as one sentence. */
const MAX_SENTENCE = 1000;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const EXACT = new Map<string, string>();
const PATTERNS: Pattern[] = [];
for (const [en, ru] of SERVER_MESSAGES) {
  if (!HOLE.test(en)) {
    EXACT.set(en, ru);
    continue;
  }
  HOLE.lastIndex = 0;
  const source = en
    .split(HOLE)
    .map((part, index) => (index % 2 === 0 ? escape(part) : `(?<h${part}>.*?)`))
    .join('');
  PATTERNS.push({ regex: new RegExp(`^${source}$`, 's'), ru, weight: en.replace(HOLE, '').length });
}
PATTERNS.sort((a, b) => b.weight - a.weight);

/**
 * `text` in Russian when the catalogue knows it (whole, as a pattern whose holes are filled with values that are
 * themselves translated when they are sentences, or as sentences joined by "; "), else undefined.
 */
export function russianOf(text: string, depth = 0): string | undefined {
  const exact = EXACT.get(text);
  if (exact !== undefined) return exact;
  if (depth > 4) return undefined;
  // The validation pipe and the import checks join one sentence per problem with "; ".
  const parts = text.includes('; ') ? text.split('; ') : [];
  const translated = parts.map((part) => russianOf(part, depth + 1));
  if (parts.length > 0 && translated.every((part) => part !== undefined)) return translated.join('; ');
  // One sentence is short; a long text is many joined ones, translated part by part above. Matching the patterns'
  // holes against a long text would cost time growing with its length to the power of their number.
  for (const { regex, ru } of text.length <= MAX_SENTENCE ? PATTERNS : []) {
    const groups = regex.exec(text)?.groups;
    if (!groups) continue;
    const russian = ru.replace(HOLE, (_hole, index: string) => {
      const value = groups[`h${index}`] ?? '';
      return russianOf(value, depth + 1) ?? value;
    });
    // A pattern that is all holes around punctuation (`{0}: {1}`) translates only what its holes hold.
    if (russian !== text) return russian;
  }
  if (translated.some((part) => part !== undefined))
    return translated.map((part, index) => part ?? parts[index]).join('; ');
  return undefined;
}

/** `text` in `language`; English, and any sentence the catalogue lacks, as written. */
export function localiseMessage(text: string, language: ServerLanguage): string {
  if (language === 'en') return text;
  return russianOf(text) ?? text;
}

/**
 * The language an Accept-Language header asks for: Russian when it prefers Russian to English (by order and
 * quality), else English.
 */
export function languageFromHeader(header: string | undefined): ServerLanguage {
  if (!header) return 'en';
  let best: { language: ServerLanguage; quality: number } | undefined;
  for (const range of header.split(',')) {
    const [tag, ...params] = range.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0];
    if (primary !== 'ru' && primary !== 'en') continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    const quality = q ? Number(q[1]) : 1;
    if (quality > 0 && (!best || quality > best.quality)) best = { language: primary, quality };
  }
  return best?.language ?? 'en';
}

export const isServerLanguage = (value: unknown): value is ServerLanguage => value === 'en' || value === 'ru';
