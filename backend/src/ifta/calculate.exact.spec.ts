import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { calculateJurisdiction, calculateReport } from './calculate.js';

/**
 * An exact rational reference: every input is a decimal string read as a BigInt fraction, every figure a fraction,
 * rounded half away from zero only where the server rounds (inputs to column scale, stored gallons, money).
 */
interface Fraction {
  n: bigint;
  d: bigint;
}

const pow10 = (k: number) => 10n ** BigInt(k);

function parse(text: string): Fraction {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const n = BigInt(whole + fraction) * (negative ? -1n : 1n);
  return { n, d: pow10(fraction.length) };
}

/** The fraction rounded half away from zero to `decimals` places, as an integer count of 10^-decimals. */
function roundUnits(value: Fraction, decimals: number): bigint {
  const scaled = value.n * pow10(decimals);
  const negative = scaled < 0n !== value.d < 0n;
  const a = scaled < 0n ? -scaled : scaled;
  const b = value.d < 0n ? -value.d : value.d;
  let q = a / b;
  if (2n * (a % b) >= b) q += 1n;
  return negative ? -q : q;
}

const units = (value: Fraction, decimals: number): Fraction => ({ n: roundUnits(value, decimals), d: pow10(decimals) });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const sub = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const div = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d, d: a.d * b.n });

interface RowText {
  taxableMiles: string;
  gallonsPurchased: string;
  taxRate: string;
}

/** The reference line: stored consumed and net gallons (3 decimals) and tax (2), as integer units. */
function referenceLine(row: RowText, mpgText: string) {
  const miles = units(parse(row.taxableMiles), 3);
  const bought = units(parse(row.gallonsPurchased), 3);
  const rate = units(parse(row.taxRate), 4);
  const mpg = units(parse(mpgText), 2);
  if (mpg.n <= 0n) {
    const net: Fraction = { n: -bought.n, d: bought.d };
    return { consumed: 0n, net: roundUnits(net, 3), tax: roundUnits(mul(net, rate), 2) };
  }
  const net = div(sub(miles, mul(bought, mpg)), mpg);
  return {
    consumed: roundUnits(div(miles, mpg), 3),
    net: roundUnits(net, 3),
    tax: roundUnits(mul(net, rate), 2),
  };
}

/** A figure the module answered, as integer units of its scale (it is already at that scale). */
const asUnits = (value: number, decimals: number): bigint => BigInt(value.toFixed(decimals).replace('.', ''));

/** A decimal string: a whole part up to `maxWhole` (negative too when allowed) and up to `maxFraction` decimals. */
const decimalText = (maxWhole: bigint, maxFraction: number, allowNegative = false) =>
  fc
    .tuple(
      fc.bigInt({ min: allowNegative ? -maxWhole : 0n, max: maxWhole }),
      fc
        .integer({ min: 0, max: maxFraction })
        .chain((digits) => fc.tuple(fc.constant(digits), fc.bigInt({ min: 0n, max: pow10(digits) - 1n }))),
    )
    .map(([whole, [digits, fraction]]) => {
      const sign = whole < 0n ? '-' : '';
      const magnitude = whole < 0n ? -whole : whole;
      return digits === 0 ? `${sign}${magnitude}` : `${sign}${magnitude}.${fraction.toString().padStart(digits, '0')}`;
    });

const rowText = fc.record({
  taxableMiles: decimalText(99_999_999n, 6),
  gallonsPurchased: decimalText(9_999_999n, 6),
  taxRate: decimalText(3n, 6),
});
const mpgText = fc.oneof(decimalText(30n, 6), fc.constantFrom('0', '0.004', '-1'));

function expectReportMatches(rows: RowText[], mpg: string) {
  const { rows: out, totals } = calculateReport(rows, mpg);
  let consumed = 0n;
  let net = 0n;
  let tax = 0n;
  rows.forEach((row, index) => {
    const expected = referenceLine(row, mpg);
    expect(asUnits(out[index].stored.gallonsConsumed, 3)).toBe(expected.consumed);
    expect(asUnits(out[index].stored.netGallons, 3)).toBe(expected.net);
    expect(asUnits(out[index].stored.taxDue, 2)).toBe(expected.tax);
    expect(asUnits(out[index].taxDue, 2)).toBe(expected.tax);
    consumed += expected.consumed;
    net += expected.net;
    tax += expected.tax;
  });
  expect(asUnits(totals.gallonsConsumed, 3)).toBe(consumed);
  expect(asUnits(totals.netGallons, 3)).toBe(net);
  expect(asUnits(totals.taxDue, 2)).toBe(tax);
}

describe('the IFTA module against an exact rational reference', () => {
  it('matches the reference to the cent and the thousandth on 10,000 random reports with extra decimals', () => {
    fc.assert(
      fc.property(fc.array(rowText, { minLength: 1, maxLength: 8 }), mpgText, (rows, mpg) =>
        expectReportMatches(rows, mpg),
      ),
      { numRuns: 10_000 },
    );
  });

  it('matches the reference when the inputs arrive as JSON numbers instead of text', () => {
    const small = fc.record({
      taxableMiles: decimalText(9_999_999n, 5),
      gallonsPurchased: decimalText(999_999n, 5),
      taxRate: decimalText(3n, 5),
    });
    fc.assert(
      fc.property(small, decimalText(30n, 4), (row, mpg) => {
        const expected = referenceLine(row, mpg);
        const result = calculateJurisdiction(
          {
            taxableMiles: Number(row.taxableMiles),
            gallonsPurchased: Number(row.gallonsPurchased),
            taxRate: Number(row.taxRate),
          },
          Number(mpg),
        );
        expect(asUnits(result.taxDue, 2)).toBe(expected.tax);
      }),
      { numRuns: 2_000 },
    );
  });

  it('rounds generated exact half-cent ties of the tax away from zero', () => {
    // Rate R/10^4 coprime to 10, net N/10^3: R x N ends in 50000 (mod 10^5) exactly when the tax is a half cent.
    // N is moved onto such a value, then miles = MPG x consumed (consumed with 1 decimal) keeps miles at 3 decimals.
    const modInverse = (a: bigint, m: bigint): bigint => {
      let [oldR, r, oldS, s] = [a % m, m, 1n, 0n];
      while (r !== 0n) {
        const q = oldR / r;
        [oldR, r] = [r, oldR - q * r];
        [oldS, s] = [s, oldS - q * s];
      }
      return ((oldS % m) + m) % m;
    };
    const tie = fc
      .record({
        rate: fc.integer({ min: 1, max: 29_999 }).filter((r) => r % 2 !== 0 && r % 5 !== 0),
        net: fc.integer({ min: -5_000_000, max: 5_000_000 }),
        mpg: fc.integer({ min: 100, max: 2_000 }),
        extraTenths: fc.integer({ min: 0, max: 50_000 }),
      })
      .map(({ rate, net, mpg, extraTenths }) => {
        const M = 100_000n;
        const product = (BigInt(rate) * BigInt(net)) % M;
        const delta = (((50_000n - product) % M) + M) % M;
        const netUnits = BigInt(net) + ((delta * modInverse(BigInt(rate), M)) % M); // thousandths of a gallon
        const consumedTenths = (netUnits > 0n ? netUnits / 100n + 1n : 0n) + BigInt(extraTenths);
        const boughtUnits = consumedTenths * 100n - netUnits;
        const milesUnits = consumedTenths * BigInt(mpg); // tenths x hundredths = thousandths of a mile
        const fmt = (value: bigint, decimals: number) => {
          const sign = value < 0n ? '-' : '';
          const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
          return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
        };
        return {
          row: {
            taxableMiles: fmt(milesUnits, 3),
            gallonsPurchased: fmt(boughtUnits, 3),
            taxRate: fmt(BigInt(rate), 4),
          },
          mpg: fmt(BigInt(mpg), 2),
        };
      });
    fc.assert(
      fc.property(tie, ({ row, mpg }) => {
        expect(isHalfCent(row, mpg)).toBe(true);
        expectReportMatches([row], mpg);
      }),
      { numRuns: 2_000 },
    );
  });

  it('rounds generated half-thousandth ties of net gallons away from zero', () => {
    // With an even whole MPG 2j, miles = 2j x (X + 0.0005) has 3 decimals and miles / MPG ends in 5 at the 4th.
    const tie = fc
      .record({
        j: fc.integer({ min: 1, max: 10 }),
        thousandths: fc.integer({ min: 0, max: 50_000_000 }),
        bought: decimalText(9_999_999n, 3),
        rate: decimalText(3n, 4),
      })
      .map(({ j, thousandths, bought, rate }) => {
        const milesUnits = BigInt(2 * j) * BigInt(thousandths) + BigInt(j); // thousandths of a mile
        const miles = `${milesUnits / 1000n}.${(milesUnits % 1000n).toString().padStart(3, '0')}`;
        return { row: { taxableMiles: miles, gallonsPurchased: bought, taxRate: rate }, mpg: `${2 * j}` };
      });
    fc.assert(
      fc.property(tie, ({ row, mpg }) => expectReportMatches([row], mpg)),
      { numRuns: 2_000 },
    );
  });
});

/** True when the exact tax of the row lies on a half cent: a whole number of tenths of a cent ending in 5. */
function isHalfCent(row: RowText, mpgText: string): boolean {
  const miles = units(parse(row.taxableMiles), 3);
  const bought = units(parse(row.gallonsPurchased), 3);
  const rate = units(parse(row.taxRate), 4);
  const mpg = units(parse(mpgText), 2);
  const tax = mul(div(sub(miles, mul(bought, mpg)), mpg), rate);
  const tenthsOfCent = tax.n * 1000n;
  if (tenthsOfCent % tax.d !== 0n) return false;
  const last = (tenthsOfCent / tax.d) % 10n;
  return last === 5n || last === -5n;
}

describe('golden figures (docs/ifta-domain.md and the measured ties)', () => {
  it('Arizona: 13,590.13 taxable miles, 1,259 gallons bought, rate 0.2600, MPG 9.88 owes $30.30 (exact 30.295)', () => {
    const { rows, totals } = calculateReport([{ taxableMiles: 13590.13, gallonsPurchased: 1259, taxRate: 0.26 }], 9.88);
    expect(rows[0].stored.taxDue).toBe(30.3);
    expect(totals.taxDue).toBe(30.3);
  });

  it('Texas: 17,210.1 miles, 2,098.493 gallons, MPG 8.00 stores net 52.770 gallons (exact 52.7695)', () => {
    const { rows, totals } = calculateReport([{ taxableMiles: 17210.1, gallonsPurchased: 2098.493, taxRate: 0.2 }], 8);
    expect(rows[0].stored.netGallons).toBe(52.77);
    expect(totals.netGallons).toBe(52.77);
  });

  it('computes the docs/ifta-domain.md examples: 500 taxable gallons, $58.00 due and a $45.00 credit', () => {
    const { rows, totals } = calculateReport(
      [
        { taxableMiles: 2500, gallonsPurchased: 0, taxRate: 0 },
        { taxableMiles: 1500, gallonsPurchased: 200, taxRate: 0.58 },
        { taxableMiles: 0, gallonsPurchased: 150, taxRate: 0.3 },
      ],
      10000 / 2000,
    );
    expect(rows.map((r) => r.stored)).toEqual([
      { gallonsConsumed: 500, netGallons: 500, taxDue: 0 },
      { gallonsConsumed: 300, netGallons: 100, taxDue: 58 },
      { gallonsConsumed: 0, netGallons: -150, taxDue: -45 },
    ]);
    expect(totals.taxDue).toBe(13);
  });

  it('computes on the inputs as stored: MPG 6.555 is MPG 6.56 and a rate of 0.12345 is 0.1235', () => {
    const row = { taxableMiles: 10000, gallonsPurchased: 0, taxRate: 0.12345 };
    expect(calculateJurisdiction(row, '6.555')).toEqual(
      calculateJurisdiction({ taxableMiles: 10000, gallonsPurchased: 0, taxRate: 0.1235 }, 6.56),
    );
    expect(calculateJurisdiction(row, '6.555').taxDue).toBe(188.26); // 10000 / 6.56 x 0.1235 = 188.2621...
  });

  it('reads miles and gallons with a 4th decimal as stored at 3 (half away from zero)', () => {
    const { totals } = calculateReport(
      [{ totalMiles: '100.0005', taxableMiles: '100.0005', gallonsPurchased: '0.0005' }],
      5,
    );
    expect(totals.totalMiles).toBe(100.001);
    expect(totals.gallonsPurchased).toBe(0.001);
  });
});
