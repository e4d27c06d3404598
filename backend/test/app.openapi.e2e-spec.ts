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

  it('types the success answer of every operation: a 2xx with content (a schema), or a 204', () => {
    const document = buildOpenApiDocument(t.app);
    const untyped: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const operation = item[method];
        if (!operation) continue;
        const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
        const typed = successes.some(
          ([status, response]) =>
            status === '204' ||
            Object.values((response && 'content' in response && response.content) || {}).some((media) => media.schema),
        );
        if (!typed) untyped.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.http.get('/api/docs').redirects(1).expect(200);
    expect(res.text).toContain('swagger');
  });
});
