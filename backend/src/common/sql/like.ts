/** `%`, `_` and `\` typed in a search box are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A case-insensitive "contains" pattern for ILIKE, the typed text taken literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
