import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { binaryParser } from './helpers/xlsx.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SCRIPT = 'console.log("app");'.repeat(50);

describe('frontend assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A built frontend as Vite leaves it: index.html, a hashed script and the gzip copy the build writes beside it.
    const dist = mkdtempSync(join(tmpdir(), 'ifta-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
    mkdirSync(join(dist, 'api'));
    writeFileSync(join(dist, 'api', 'health'), 'a file, not the API');
    t = await createTestApp({ FRONTEND_DIST: dist });
  });
  afterAll(() => t.close());

  it('sends the precompressed script to a client that accepts gzip', async () => {
    const res = await t.http
      .get('/assets/index-abc.js')
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toContain('Accept-Encoding');
    // supertest inflates what it receives; the header above proves the gzip copy went over the wire.
    expect((res.body as Buffer).toString()).toBe(SCRIPT);
  });

  it('sends the plain script to a client that does not', async () => {
    const res = await t.http.get('/assets/index-abc.js').set('Accept-Encoding', 'identity').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(SCRIPT);
  });

  it('never looks on disk for an API path', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('never serves a file outside the build folder, and answers client routes with index.html', async () => {
    await t.http
      .get('/assets/..%2f..%2fpackage.json')
      .set('Accept-Encoding', 'gzip')
      .expect(200, /id="root"/);
    await t.http
      .get('/assets/%E0%A4%A.js')
      .set('Accept-Encoding', 'gzip')
      .expect((res) => expect(res.status).toBeLessThan(500));
    await t.http.get('/dashboard').expect(200, /id="root"/);
  });
});
