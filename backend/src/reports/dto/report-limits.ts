import { MAX_QUANTITY } from '../../ifta/index.js';

/** Input bounds: far above any real fleet's quarter, and small enough that every derived number fits its column. */
export const REPORT_LIMITS = {
  maxJurisdictions: 200,
  maxQuantity: MAX_QUANTITY,
  maxTaxRate: 100,
  maxMpg: 1000,
  maxListLimit: 1000,
} as const;
