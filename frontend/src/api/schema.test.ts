import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { isCurrent, TARGET } from '../../../scripts/api-types.mjs';

/** Generating the types from openapi.json takes seconds, more on a machine busy with other work. */
const GENERATION_MS = 60_000;

describe('the generated API types (npm run api-types)', () => {
  test(
    'the committed schema.d.ts is what openapi.json gives today',
    async () => {
      expect(await isCurrent(await readFile(TARGET, 'utf8'))).toBe(true);
    },
    GENERATION_MS,
  );

  test(
    'a schema.d.ts that differs from openapi.json by one field counts as stale, so npm run check fails',
    async () => {
      const committed = await readFile(TARGET, 'utf8');
      const edited = committed.replace('interest_rate_missing: boolean;', 'interest_rate_missing?: boolean;');
      expect(edited).not.toBe(committed);
      expect(await isCurrent(edited)).toBe(false);
    },
    GENERATION_MS,
  );
});
