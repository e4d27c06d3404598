import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the frontend's logic, beside the code (`*.test.ts`), in Node: what needs no page never starts the
 * app, PostgreSQL or Chromium. The same `@ifta` alias as the app's build.
 */
export default defineConfig({
  resolve: {
    alias: { '@ifta': fileURLToPath(new URL('../backend/src/ifta', import.meta.url)) },
  },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
