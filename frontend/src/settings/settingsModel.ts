// The settings' options and defaults are the API's (../../api/constants.ts); the MPG field's limits are the form's.
export const MPG_MIN = 0;
export const MPG_MAX = 50;
export const MPG_STEP = 0.1;

/** docs/product-spec.md §5: a numeric input that cannot be parsed becomes 0. */
export const parseNumberInput = (raw: string): number => {
  const value = Number.parseFloat(raw);
  return Number.isFinite(value) ? value : 0;
};
