// An API test file is named after what it tests, `<module>.<topic>.e2e-spec.ts` (or `<module>.e2e-spec.ts`)
// with <module> a folder under backend/src, or `app.<topic>.e2e-spec.ts` for a suite that drives the whole app.
import { readdirSync } from 'node:fs';

const root = new URL('../backend/', import.meta.url).pathname;
const modules = new Set([
  'app',
  ...readdirSync(`${root}src`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
]);
const misnamed = readdirSync(`${root}test`)
  .filter((name) => name.endsWith('.e2e-spec.ts'))
  .filter((name) => {
    const parts = name.slice(0, -'.e2e-spec.ts'.length).split('.');
    return parts.length > 2 || !modules.has(parts[0]) || (parts[0] === 'app' && parts.length === 1);
  });
if (misnamed.length > 0) {
  console.error(
    'API test files not named <module>.<topic>.e2e-spec.ts (a folder under backend/src, or app.<topic> for a ' +
      `suite of the whole app):\n  ${misnamed.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('every API test file is named after its module');
