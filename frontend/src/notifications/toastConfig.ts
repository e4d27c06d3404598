/** Toast rules of docs/product-spec.md §2 and §9. */
export const MAX_TOASTS = 20;
export const SUCCESS_DURATION_MS = 2000;
export const ERROR_DURATION_MS = 4000;
export const DEFAULT_DURATION_MS = 4000;
