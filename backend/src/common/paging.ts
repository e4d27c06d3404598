/**
 * Upper bounds of list paging: a page or offset past these reached PostgreSQL as a number it refuses
 * (or JavaScript rounds), and answered 500. No account has a million rows of one kind.
 */
export const MAX_PAGE = 10_000;
export const MAX_OFFSET = 1_000_000;
export const PAGE_TOO_LARGE = `page must be at most ${MAX_PAGE}`;
export const OFFSET_TOO_LARGE = `offset must be at most ${MAX_OFFSET}`;
