import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A small copy of backend/test/helpers/ifta-published-csv.ts for the browser tests: IFTA, Inc.'s 2Q2026 matrix (the
 * one-line-per-row fixture the product ships with) rewritten in the layout IFTA publishes: a title row, the fuel-type
 * header, a sub-label row, then a U.S. and a Can row per jurisdiction and kind, surcharges named "… SurChg" and
 * `$ 0.3519 ` cells.
 */
const FIXTURE = join(__dirname, '../../backend/src/tax-rates/matrix/ifta-rates-2026-Q2.fixture.csv');

/** The fixture's fuel columns and the titles IFTA's file gives them, in the published order. */
const FUELS: Array<[column: string, title: string]> = [
  ['gasoline', 'Gasoline'],
  ['special_diesel', 'Special Diesel'],
  ['gasohol', 'Gasohol'],
  ['propane', 'Propane'],
  ['lng', 'LNG'],
  ['cng', 'CNG'],
  ['ethanol', 'Ethanol'],
  ['methanol', 'Methanol'],
  ['e85', 'E-85'],
  ['m85', 'M-85'],
  ['a55', 'A55'],
  ['biodiesel', 'Biodiesel'],
  ['electricity', 'Electricity'],
  ['hydrogen', 'Hydrogen'],
  ['hythane', 'Hythane'],
];

export interface PublishedCsvOptions {
  /** e.g. '4Q2025': printed in the title row. */
  quarter: string;
  /** US$/gal diesel base rates to change, by code, e.g. { CA: '1.0100' }. */
  diesel?: Record<string, string>;
}

const cell = (value: string | undefined) => (value ? `$ ${value} ` : '');

export function publishedMatrixCsv(options: PublishedCsvOptions): string {
  const [header, ...lines] = readFileSync(FIXTURE, 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  const records = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])));
  const groups = new Map<string, { usd?: Record<string, string>; cad?: Record<string, string> }>();
  for (const record of records) {
    const key = `${record.name}|${record.row}|${record.code}`;
    const group = groups.get(key) ?? {};
    if (record.unit === 'USD/gal') group.usd = record;
    else group.cad = record;
    groups.set(key, group);
  }
  const rows: string[][] = [
    [`IFTA Tax Matrix ${options.quarter}`],
    ['Jurisdiction', 'Country', ...FUELS.map(([, title]) => title)],
    ['', '', ...FUELS.map(() => 'Rate')],
  ];
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [name, kind, code] = key.split('|');
    const label = `${name.toUpperCase()}${kind === 'surcharge' ? ' SurChg' : ''}${code === 'AB' ? ' #14' : ''}`;
    const usd = ([column]: [string, string]) => {
      const changed = column === 'special_diesel' && kind === 'base' ? options.diesel?.[code] : undefined;
      // Oregon taxes diesel by the weight-mile, and IFTA prints its diesel cell as "$-".
      if (code === 'OR' && column === 'special_diesel' && kind === 'base') return '$- ';
      return cell(changed ?? group.usd?.[column]);
    };
    rows.push([label, 'U.S.', ...FUELS.map(usd)]);
    rows.push(['', 'Can', ...FUELS.map(([column]) => cell(group.cad?.[column]))]);
  }
  rows.push(['#14 Alberta: see IFTA, Inc. for the footnote of this quarter']);
  return rows.map((row) => row.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
}
