/** docs/product-spec.md §9 subscription constants. */
export const MODAL_OPEN_DELAY_MS = 1000;
export const STATUS_REFETCH_DELAY_MS = 1000;
export const DAYS_WARNING_MAX = 7;
export const PLAN_FEATURES_SHOWN = 4;
export const RECOMMENDED_PLAN_NAME = 'Professional';
