import { MAX_QUANTITY } from '../../ifta/index.js';

/** Input bounds: far above any real fleet's quarter, and small enough that every derived number fits its column. */
export const REPORT_LIMITS = {
  maxJurisdictions: 200,
  maxQuantity: MAX_QUANTITY,
  maxTaxRate: 100,
  maxMpg: 1000,
  /** The plain list (no page parameter) answers at most this many of the newest reports. */
  maxListLimit: 1000,
  pageSize: 25,
  maxPageSize: 100,
} as const;
