import { FUEL_TYPES } from '@ifta/index';
import type { RecordKind } from '../providers/recordsProvider';

/** What the person chose for the products and units of a file the import does not know. */
export interface ImportResolutions {
  products: Record<string, string>;
  units: Record<string, string>;
  prices: Record<string, string>;
}

export const NO_RESOLUTIONS: ImportResolutions = { products: {}, units: {}, prices: {} };

/** Where a choice for each kind of unknown value is sent. */
export const RESOLUTION_GROUP = { product: 'products', unit: 'units', price: 'prices' } as const;

/**
 * The choices the screen offers for one unknown value: a product's fuel, a unit of the kind, a total kept without
 * its amount; or leave its rows out.
 */
export const resolutionOptions = (kind: RecordKind, what: 'product' | 'unit' | 'price'): string[] => {
  if (what === 'product') return [...FUEL_TYPES, 'skip'];
  if (what === 'price') return ['none', 'skip'];
  return kind === 'trips' ? ['mi', 'km', 'skip'] : ['gal', 'l', 'skip'];
};

/** The fields whose column differs between the mapping in use and the recognised layout's own, in field order. */
export const mappingDifferences = (
  inUse: Record<string, string>,
  layout: Record<string, string> | null | undefined,
): Array<{ field: string; inUse: string | undefined; layout: string | undefined }> => {
  if (!layout) return [];
  const fields = [...new Set([...Object.keys(layout), ...Object.keys(inUse)])];
  return fields
    .filter((field) => (inUse[field] ?? '') !== (layout[field] ?? ''))
    .map((field) => ({ field, inUse: inUse[field], layout: layout[field] }));
};

/** Only the choices made: an empty choice sends nothing, so the row stays a problem to resolve. */
export const chosenResolutions = (resolutions: ImportResolutions): ImportResolutions => {
  const chosen = (group: Record<string, string>) =>
    Object.fromEntries(Object.entries(group).filter(([, choice]) => choice !== ''));
  return {
    products: chosen(resolutions.products),
    units: chosen(resolutions.units),
    prices: chosen(resolutions.prices),
  };
};
