import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument, serializeOpenApi } from '../src/openapi/swagger.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is committed exactly as the code produces it (run `npm run openapi` after an API change)', () => {
    const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(serializeOpenApi(buildOpenApiDocument(t.app)));
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.http.get('/api/docs').redirects(1).expect(200);
    expect(res.text).toContain('swagger');
  });
});
