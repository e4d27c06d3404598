import { findIftaJurisdiction, findNonIftaJurisdiction } from './jurisdictions.js';
import { roundRate, toNumber } from './rounding.js';

/** A row of the account's own tax-rate table, as far as reports and imports need it. */
export interface AccountRate {
  name: string;
  abbreviation: string;
  rate: number | string;
  is_active: boolean;
}

export interface ResolvedJurisdiction {
  /** Display name: the account's rate name when it has one, else the member's official name, else the input. */
  name: string;
  /** Upper-case abbreviation: the line's canonical code ("TX"; a custom rate keeps its own abbreviation). */
  abbreviation: string;
  /** The account's active rate for that abbreviation, 4 decimals; 0 when it has none (docs/product-spec.md §5). */
  taxRate: number;
  /** Present (true) for AK, HI, DC, YT, NT, NU and MX: counted in total miles and gallons only, never taxed. */
  nonIfta?: true;
}

export interface JurisdictionDirectory {
  /** A member or non-IFTA place (code or name) or an abbreviation/name in the account's rate table, any case. */
  isKnown(codeOrName: string): boolean;
  resolve(codeOrName: string): ResolvedJurisdiction | undefined;
}

const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Which names an account may report, and at which rate, from the 58 members plus the account's rate table. */
export function createJurisdictionDirectory(rates: readonly AccountRate[]): JurisdictionDirectory {
  const byKey = new Map<string, AccountRate>();
  const activeByAbbreviation = new Map<string, AccountRate>();
  const sorted = [...rates].sort((a, b) => a.name.localeCompare(b.name));
  for (const rate of sorted) {
    for (const k of [key(rate.abbreviation), key(rate.name)]) if (k && !byKey.has(k)) byKey.set(k, rate);
    const abbreviation = key(rate.abbreviation);
    if (rate.is_active && !activeByAbbreviation.has(abbreviation)) activeByAbbreviation.set(abbreviation, rate);
  }
  const resolve = (codeOrName: string): ResolvedJurisdiction | undefined => {
    // A non-member is never taxed under IFTA, whatever the account's own table says about that name.
    const nonMember = findNonIftaJurisdiction(codeOrName);
    if (nonMember) return { name: nonMember.name, abbreviation: nonMember.code, taxRate: 0, nonIfta: true };
    const own = byKey.get(key(codeOrName));
    const member = findIftaJurisdiction(codeOrName);
    if (!own && !member) return undefined;
    const abbreviation = (own?.abbreviation ?? member?.code ?? '').trim().toUpperCase();
    const active = activeByAbbreviation.get(key(abbreviation));
    return {
      name: (active?.name ?? own?.name ?? member?.name ?? codeOrName).trim(),
      abbreviation,
      taxRate: active ? roundRate(toNumber(active.rate)) : 0,
    };
  };
  return { isKnown: (codeOrName) => resolve(codeOrName) !== undefined, resolve };
}
