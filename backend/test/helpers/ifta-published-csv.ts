import { FUEL_TYPES, type FuelType } from '../../src/ifta/index.js';
import { IFTA_MATRIX_RATES_2026_Q2 } from '../../src/tax-rates/seed/ifta-matrix-rates-2026-Q2.js';

/** The column titles of IFTA's published file, in its order. */
const TITLES: Record<FuelType, string> = {
  gasoline: 'Gasoline',
  diesel: 'Special Diesel',
  gasohol: 'Gasohol',
  propane: 'Propane',
  lng: 'LNG',
  cng: 'CNG',
  ethanol: 'Ethanol',
  methanol: 'Methanol',
  e85: 'E-85',
  m85: 'M-85',
  a55: 'A55',
  biodiesel: 'Biodiesel',
  electricity: 'Electricity',
  hydrogen: 'Hydrogen',
  hythane: 'Hythane',
};
const ORDER: FuelType[] = ['gasoline', ...FUEL_TYPES.filter((f) => f !== 'gasoline')];

export interface PublishedCsvOptions {
  /** e.g. '3Q2026': printed in the title row. */
  quarter: string;
  /** US$/gal diesel base rates to change, by code, e.g. { CA: '1.0100' }. */
  diesel?: Record<string, string>;
  /** Jurisdiction codes to leave out (a truncated or incomplete file). */
  drop?: string[];
  /** Replaces the Special Diesel title (a changed layout). */
  dieselTitle?: string;
}

const cell = (value: string | null | undefined) => (value === undefined || value === null ? '' : `$ ${value} `);

/**
 * A rate matrix in the layout IFTA, Inc. publishes (title row, fuel-type header, sub-label row, then a U.S. and a Can
 * row per jurisdiction and kind, surcharges named "… SurChg", `$ 0.3519 ` cells), built from the 2Q2026 matrix the
 * product ships with and the changes asked for: the fixtures the updater's tests serve.
 */
export function publishedMatrixCsv(options: PublishedCsvOptions): string {
  const rows: string[][] = [
    [`IFTA Tax Matrix ${options.quarter}`],
    ['Jurisdiction', 'Country', ...ORDER.map((fuel) => (fuel === 'diesel' && options.dieselTitle) || TITLES[fuel])],
    ['', '', ...ORDER.map(() => 'Rate')],
  ];
  const byKey = new Map<string, (typeof IFTA_MATRIX_RATES_2026_Q2)[number][]>();
  for (const rate of IFTA_MATRIX_RATES_2026_Q2) {
    if (options.drop?.includes(rate.code)) continue;
    const key = `${rate.name}|${rate.kind}|${rate.code}`;
    byKey.set(key, [...(byKey.get(key) ?? []), rate]);
  }
  for (const [key, rates] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    const [name, kind, code] = key.split('|');
    const label = `${name.toUpperCase()}${kind === 'surcharge' ? ' SurChg' : ''}${code === 'AB' ? ' #14' : ''}`;
    const find = (fuel: FuelType) => rates.find((r) => r.fuel_type === fuel);
    const usd = (fuel: FuelType) => {
      const changed = fuel === 'diesel' && kind === 'base' ? options.diesel?.[code] : undefined;
      const rate = changed ?? find(fuel)?.rate;
      return code === 'OR' && fuel === 'diesel' && kind === 'base' ? '$- ' : cell(rate);
    };
    rows.push([label, 'U.S.', ...ORDER.map(usd)]);
    rows.push(['', 'Can', ...ORDER.map((fuel) => cell(find(fuel)?.rate_cad_per_litre))]);
  }
  rows.push(['#14 Alberta: see IFTA, Inc. for the footnote of this quarter']);
  return rows.map((row) => row.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
}
