import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { FAILED_TO_PROCESS, ONLY_XLSX } from '../src/calculator/calculator.service.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { buildWorkbook, rowXml, SHEET_CLOSE, SHEET_OPEN } from './helpers/zip-builder.js';

/**
 * Hostile workbooks against POST /api/protected/calculator/upload-excel. Each must answer 400 or be parsed, within
 * generous safety bounds on time and on the process's memory growth (these are limits against a hang or a blow-up,
 * not performance targets: `npm run bench` measures speed).
 */
const TIME_LIMIT_MS = 20_000;
const RSS_GROWTH_LIMIT_MB = 400;
const HEADER = ['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased'];
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** `count` rows generated on demand, grouped into chunks so the test never holds the whole sheet as one string. */
function* sheetChunks(count: number, row: (n: number) => string, head = '', tail = ''): Generator<string> {
  yield SHEET_OPEN + head;
  let chunk = '';
  for (let n = 1; n <= count; n++) {
    chunk += row(n);
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + tail + SHEET_CLOSE;
}

/** Rows without cell references (the reader numbers them in order): a million identical ones compress to little. */
const BARE_DATA_ROW =
  '<row><c t="inlineStr"><is><t>TX</t></is></c><c><v>100</v></c><c><v>100</v></c><c><v>1</v></c></row>';
const BARE_COLUMN_F_ROW = '<row><c/><c/><c/><c/><c/><c><v>1</v></c></row>';

const validSheet = (rows: Array<Array<string | number>>) =>
  SHEET_OPEN + [HEADER, ...rows].map((cells, i) => rowXml(i + 1, cells)).join('') + SHEET_CLOSE;

describe('upload-excel under hostile files', () => {
  let t: TestApp;
  let account: TestAccount;
  let valid: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    account = await registerAccount(t.http);
    valid = await buildWorkbook({ data: validSheet([['TX', 1600, 1500, 200]]) });
  });
  afterAll(() => t.close());

  /** Sends one file and measures wall time and the growth of this process's RSS (the app runs in it). */
  async function upload(buffer: Buffer, name = 'fuzz.xlsx'): Promise<{ res: Response; ms: number; growthMb: number }> {
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    const started = performance.now();
    try {
      const res = await t.http
        .post('/api/protected/calculator/upload-excel')
        .set(account.auth)
        .field('average_mpg', '6.5')
        .attach('file', buffer, { filename: name, contentType: 'application/octet-stream' });
      peak = Math.max(peak, process.memoryUsage().rss);
      return { res, ms: performance.now() - started, growthMb: (peak - base) / 2 ** 20 };
    } finally {
      clearInterval(sampler);
    }
  }

  const expectBounded = (run: { ms: number; growthMb: number }) => {
    if (process.env.FUZZ_REPORT)
      console.log(`${expect.getState().currentTestName}: ${run.ms.toFixed(0)} ms, +${run.growthMb.toFixed(0)} MB RSS`);
    expect(run.ms).toBeLessThan(TIME_LIMIT_MS);
    expect(run.growthMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  };

  it('reads the well-formed base workbook the fuzzers start from', async () => {
    const { res } = await upload(valid);
    expect(res.status).toBe(200);
    expect(res.body.entries).toHaveLength(1);
  });

  it('refuses random bytes, with or without a zip signature, as 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.boolean(), async (bytes, zipLike) => {
        const buffer = Buffer.concat([zipLike ? Buffer.from('PK\x03\x04') : Buffer.alloc(0), bytes]);
        const { res } = await upload(buffer);
        expect(res.status).toBe(400);
        expect([ONLY_XLSX, FAILED_TO_PROCESS]).toContain(res.body.error);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('refuses every truncation of a valid workbook as 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: valid.length - 1 }), async (length) => {
        const { res } = await upload(valid.subarray(0, length));
        expect(res.status).toBe(400);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('answers 200 or 400, never 5xx, to a workbook with random bytes overwritten', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 16,
        }),
        async (edits) => {
          const corrupt = Buffer.from(valid);
          for (const [at, byte] of edits) corrupt[at] = byte;
          const { res } = await upload(corrupt);
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  describe('zip bombs', () => {
    const spaces = (megabytes: number) =>
      function* () {
        yield SHEET_OPEN + rowXml(1, HEADER);
        const mb = ' '.repeat(1 << 20);
        for (let i = 0; i < megabytes; i++) yield mb;
        yield rowXml(2, ['TX', 1600, 1500, 200]) + SHEET_CLOSE;
      };

    it('refuses a sheet that inflates far past the size its header declares', async () => {
      const bomb = await buildWorkbook({ chunks: spaces(300), declaredSize: 4096 });
      expect(bomb.length).toBeLessThan(1024 * 1024); // 300 MB of text in under 1 MB: a bomb
      const run = await upload(bomb);
      expect(run.res.status).toBe(400);
      expect(run.res.body.error).toBe(FAILED_TO_PROCESS);
      expectBounded(run);
    });

    it('refuses a sheet that honestly declares more than the inflate cap', async () => {
      const run = await upload(await buildWorkbook({ chunks: spaces(300) }));
      expect(run.res.status).toBe(400);
      expectBounded(run);
    });

    it('refuses an honest 200 MB sheet past the upload budget, naming it, before inflating it', async () => {
      const run = await upload(await buildWorkbook({ chunks: spaces(200) }));
      expect(run.res.status).toBe(400);
      expect(run.res.body.error).toBe(
        `${FAILED_TO_PROCESS}: The workbook unpacks to 201 MB; at most 100 MB is accepted`,
      );
      expectBounded(run);
    });

    it('streams a 90 MB highly compressible sheet under the budget in bounded memory', async () => {
      const run = await upload(await buildWorkbook({ chunks: spaces(90) }));
      expect(run.res.status).toBe(200);
      expect(run.res.body.entries).toHaveLength(1);
      expectBounded(run);
    });
  });

  describe('a million rows', () => {
    it('stops reading and answers 400 once a sheet passes 5,000 data rows', async () => {
      const sheet = await buildWorkbook({ chunks: () => sheetChunks(1_000_000, () => BARE_DATA_ROW) });
      expect(sheet.length).toBeLessThan(10 * 1024 * 1024);
      const run = await upload(sheet);
      expect(run.res.status).toBe(400);
      expect(run.res.body.error).toBe(`${FAILED_TO_PROCESS}: The sheet has more than 5,000 rows`);
      expectBounded(run);
    });

    it('reads to the end of a million rows outside columns A to D and keeps the real ones', async () => {
      const head = rowXml(1, HEADER) + rowXml(2, ['OK', 300, 250, 40]);
      const sheet = await buildWorkbook({ chunks: () => sheetChunks(1_000_000, () => BARE_COLUMN_F_ROW, head) });
      expect(sheet.length).toBeLessThan(10 * 1024 * 1024);
      const run = await upload(sheet);
      expect(run.res.status).toBe(200);
      expect(run.res.body.entries.map((e: { state_abbreviation: string }) => e.state_abbreviation)).toEqual(['OK']);
      expectBounded(run);
    });
  });

  describe('formulas and external links', () => {
    let linkTarget: Server;
    let fetches = 0;
    let target = '';
    beforeAll(async () => {
      linkTarget = createServer((_req, res) => {
        fetches += 1;
        res.end('1');
      });
      await new Promise<void>((ok) => linkTarget.listen(0, '127.0.0.1', ok));
      target = `http://127.0.0.1:${(linkTarget.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((ok) => linkTarget.close(() => ok())));

    it('reads formulas by their cached results and never evaluates or follows a link', async () => {
      const formulaRow = (n: number, code: string, formula: string, cached: number) =>
        `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>${code}</t></is></c>` +
        `<c r="B${n}"><f>${formula}</f><v>${cached}</v></c>` +
        `<c r="C${n}"><f>[1]Sheet1!$A$1</f><v>${cached}</v></c>` +
        `<c r="D${n}"><f>WEBSERVICE("${target}/steal")</f><v>10</v></c></row>`;
      const sheet =
        SHEET_OPEN +
        rowXml(1, HEADER) +
        formulaRow(2, 'TX', 'SUM(1000,600)', 1600) +
        formulaRow(3, 'OK', `HYPERLINK("${target}/x")`, 250) +
        SHEET_CLOSE;
      const workbook = await buildWorkbook(
        { data: sheet },
        {
          relationships: `<Relationship Id="rId9" TargetMode="External"
            Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath"
            Target="${target}/book.xlsx"/>`,
          members: [
            {
              name: 'xl/externalLinks/externalLink1.xml',
              data: `<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><externalBook r:id="rId1"/></externalLink>`,
            },
            {
              name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
              data: `<Relationships><Relationship Id="rId1" TargetMode="External" Target="${target}/book.xlsx"/></Relationships>`,
            },
          ],
        },
      );
      const run = await upload(workbook);
      expect(run.res.status).toBe(200);
      expect(
        run.res.body.entries.map((e: { state_abbreviation: string; total_miles: number; miles_driven: number }) => [
          e.state_abbreviation,
          e.total_miles,
          e.miles_driven,
        ]),
      ).toEqual([
        ['TX', 1600, 1600],
        ['OK', 250, 250],
      ]);
      expect(fetches).toBe(0);
      expectBounded(run);
    });

    it('answers 200 or 400 to entity declarations (XXE, billion laughs) and expands none', async () => {
      const doctype =
        '<!DOCTYPE lolz [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY lol "lol">' +
        Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('') +
        ']>';
      const sheet =
        SHEET_OPEN.replace('?>', `?>${doctype}`) +
        rowXml(1, HEADER) +
        rowXml(2, ['&xxe;', 1, 1, 1]) +
        rowXml(3, ['&lol9;', 1, 1, 1]) +
        SHEET_CLOSE;
      const run = await upload(await buildWorkbook({ data: sheet }));
      expect([200, 400]).toContain(run.res.status);
      expect(run.res.text).not.toContain('root:');
      expect(run.res.text).not.toContain('lollollol');
      expectBounded(run);
    });
  });
});
