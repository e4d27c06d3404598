/**
 * The opaque cursor of the audit list: the last row's time and id (the page's order), base64url of JSON, so a page
 * starts exactly after the row before it even when events share a timestamp, and rows added meanwhile never shift it.
 */
export interface AuditCursor {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (cursor: AuditCursor): string =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url');

/**
 * A time this API could have written: JavaScript rolls 2026-02-31 over into March and 24:00 into the next day, and
 * reads year 0, all of which PostgreSQL refuses, so the text must read back exactly as it was written, from year 1.
 */
function isRealInstant(at: string): boolean {
  const ms = Date.parse(at);
  if (Number.isNaN(ms) || at < '0001') return false;
  return new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The cursor a client sent back, or null when it is not one this API made. */
export function decodeCursor(text: string): AuditCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z$/.test(at) || !isRealInstant(at)) return null;
  return { at, id };
}
