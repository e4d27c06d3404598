import { KM_CONVERTED, LITRES_CONVERTED } from '@ifta/index';

/** The message keys saying what an import converted, in the person's language. */
export const conversionMessages = (conversions: readonly string[] | undefined): string[] => [
  ...(conversions?.includes(KM_CONVERTED) ? ['official.units.km'] : []),
  ...(conversions?.includes(LITRES_CONVERTED) ? ['official.units.litres'] : []),
];
