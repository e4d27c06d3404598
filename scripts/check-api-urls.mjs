// `npm run check`: screens never build API addresses. Every call to the API goes through the one dataProvider (its
// resources and named methods, all in frontend/src/providers) or the typed client in frontend/src/api, so an
// endpoint's address and body shape live in one folder a reader can find. A file named *Provider.ts elsewhere gets no
// pass: its name alone would let any feature folder grow its own addresses again. Lists each line elsewhere in
// frontend/src that writes an /api/ address or calls httpClient or fetch itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const HAND_WRITTEN = [
  { pattern: /['"`]\/api\//, what: 'an /api/ address' },
  { pattern: /\bhttpClient\s*[(<]/, what: 'a call of httpClient' },
  { pattern: /(^|[^.\w])fetch\s*\(/, what: 'a call of fetch' },
];

/** Files that may talk to the API: the providers, the typed client and its types, and unit tests (which stub it). */
const mayCallApi = (path) => path.startsWith('providers/') || path.startsWith('api/') || /\.test\.tsx?$/.test(path);

/** Every `file:line: text` under `sourceRoot` that builds an API call outside the files allowed to. */
export function handWrittenApiCalls(sourceRoot) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const path = relative(sourceRoot, full).split('\\').join('/');
        if (mayCallApi(path)) continue;
        readFileSync(full, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments may name an endpoint
            const hit = HAND_WRITTEN.find(({ pattern }) => pattern.test(line));
            if (hit) found.push(`${path}:${index + 1}: ${hit.what}: ${line.trim()}`);
          });
      }
    }
  };
  walk(sourceRoot);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../frontend/src', import.meta.url));
  const found = handWrittenApiCalls(root);
  if (found.length > 0) {
    console.error('API calls built outside the providers (move them into a provider method):');
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log('Every API call goes through a provider');
}
