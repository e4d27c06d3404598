/** Fixed vocabularies of the vehicle API. */
export const FUEL_TYPE_SOURCES = ['default', 'purchases', 'user'] as const;
export type FuelTypeSource = (typeof FUEL_TYPE_SOURCES)[number];

export const VEHICLE_SORT_FIELDS = ['unit', 'fuel_type', 'active_from', 'active_to', 'created_at'] as const;
export type VehicleSortField = (typeof VEHICLE_SORT_FIELDS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const VEHICLE_PAGE_SIZE = 25;
export const VEHICLE_MAX_PAGE_SIZE = 100;

/** 17 characters of letters and digits; I, O and Q are never used, so they cannot be mistaken for 1 and 0. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
