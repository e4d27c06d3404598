import { ApiProperty } from '@nestjs/swagger';
import { calculateStoredLine, roundQuantity, type ResolvedJurisdiction } from '../ifta/index.js';

/**
 * An imported entry (docs/product-spec.md §3): one jurisdiction line from an upload, a paste or a session. `miles_driven` is the
 * taxable miles the tax is computed on; `total_miles` keeps the fleet miles when the source had them.
 */
export class ImportedEntry {
  @ApiProperty({ example: 'Texas' }) state: string;
  @ApiProperty({ example: 'TX' }) state_abbreviation: string;
  @ApiProperty({ description: "The account's active rate for the jurisdiction, 0 when none", example: 0.2 })
  tax_rate: number;
  @ApiProperty({ description: 'Taxable miles', example: 1500 }) miles_driven: number;
  @ApiProperty({ example: 1600 }) total_miles: number;
  @ApiProperty({ description: 'Gallons purchased', example: 200 }) fuel_purchased: number;
  @ApiProperty({ description: 'miles_driven / average MPG (0 when MPG is 0)', example: 300 }) fuel_consumed: number;
  @ApiProperty({ example: 100 }) net_gallons: number;
  @ApiProperty({ description: 'US dollars, rounded to the cent; negative is a credit', example: 20 }) tax_due: number;
}

export interface EntryInput {
  jurisdiction: ResolvedJurisdiction;
  totalMiles: number;
  taxableMiles: number;
  gallonsPurchased: number;
}

/** Builds an entry with its derived numbers from the ifta module; nothing else computes them. */
export function toImportedEntry(input: EntryInput, averageMpg: number): ImportedEntry {
  const result = calculateStoredLine(
    {
      name: input.jurisdiction.abbreviation,
      nonIfta: input.jurisdiction.nonIfta === true,
      taxableMiles: input.taxableMiles,
      gallonsPurchased: input.gallonsPurchased,
      taxRate: input.jurisdiction.taxRate,
    },
    averageMpg,
  );
  return {
    state: input.jurisdiction.name,
    state_abbreviation: input.jurisdiction.abbreviation,
    tax_rate: input.jurisdiction.taxRate,
    miles_driven: roundQuantity(input.taxableMiles),
    total_miles: roundQuantity(input.totalMiles),
    fuel_purchased: roundQuantity(input.gallonsPurchased),
    fuel_consumed: result.gallonsConsumed,
    net_gallons: result.netGallons,
    tax_due: result.taxDue,
  };
}
