// `npm run check`: the committed frontend/src/api/schema.d.ts must be what openapi.json gives today.
import { readFile } from 'node:fs/promises';
import { isCurrent, TARGET } from './api-types.mjs';

const committed = await readFile(TARGET, 'utf8').catch(() => '');
if (!(await isCurrent(committed))) {
  console.error(`${TARGET} is stale: run \`npm run api-types\` and commit it.`);
  process.exit(1);
}
console.log('frontend/src/api/schema.d.ts matches openapi.json');
