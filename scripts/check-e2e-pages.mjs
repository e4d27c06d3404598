// Playwright is for what needs a page. Every test in e2e/*.spec.ts must take the `page` fixture; pure
// logic belongs in a vitest test beside its code (frontend/src/**/*.test.ts), which runs in seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../e2e/', import.meta.url).pathname;
const TEST = /(?:^|\n)\s*test(?:\.only)?\(\s*(['"`])([\s\S]*?)\1\s*,\s*(async\s*)?(\(([^)]*)\)|\w+)\s*=>/g;
const pageless = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.spec.ts'))) {
  const text = readFileSync(join(dir, file), 'utf8');
  for (const match of text.matchAll(TEST)) {
    const params = match[5] ?? '';
    if (!/\bpage\b/.test(params)) pageless.push(`${file}: "${match[2]}"`);
  }
}
if (pageless.length > 0) {
  console.error(
    `Playwright tests that never open a page (move them to a vitest test beside the code):\n  ${pageless.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('every Playwright test opens a page');
