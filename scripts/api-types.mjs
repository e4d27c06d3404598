// The frontend's API types are generated from the committed openapi.json (as immich generates its client),
// never typed again by hand. `npm run api-types` writes them; `npm run check` (scripts/check-api-types.mjs) fails
// when the committed file is not what this produces.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import * as prettier from 'prettier';

const SOURCE = new URL('../openapi.json', import.meta.url);
export const TARGET = fileURLToPath(new URL('../frontend/src/api/schema.d.ts', import.meta.url));

/** The schema file's text: openapi-typescript's output, formatted by the repo's prettier settings. */
export async function generateApiTypes() {
  const document = JSON.parse(await readFile(SOURCE, 'utf8'));
  // A default (`status` of a session update) leaves a request field optional, as the DTO declares it.
  const ast = await openapiTS(document, { alphabetize: true, defaultNonNullable: false });
  const text = `${COMMENT_HEADER}${astToString(ast)}`;
  const options = await prettier.resolveConfig(TARGET);
  return prettier.format(text, { ...options, filepath: TARGET });
}

/** Whether a schema file's text is what openapi.json gives today (`npm run check` fails when it is not). */
export async function isCurrent(text) {
  return text === (await generateApiTypes());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(TARGET, await generateApiTypes());
  console.log(`wrote ${TARGET}`);
}
