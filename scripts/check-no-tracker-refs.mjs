// Files still allowed to cite tracker items, each to be cleaned and dropped from this list once its pending edit lands.
const ALLOWED = [];

// `npm run check`: comments, test names and docs are read without the tracker at hand, so they give the reason
// itself rather than citing a tracker item or a work session by number. Scans the tracked sources and docs as they
// are in the working tree and lists every line that does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const PATTERN = /\bissues? [0-9]+|\bstop [0-9]+\b/i;
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.md'];
const EXCLUDED = new Set(['openapi.json', 'package-lock.json']);

const root = new URL('..', import.meta.url).pathname;
const allowed = new Set(ALLOWED);
const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((path) => path !== '')
  .filter((path) => EXTENSIONS.some((extension) => path.endsWith(extension)))
  .filter((path) => !EXCLUDED.has(path.split('/').pop()) && !path.split('/').includes('node_modules'));

const found = [];
const cleanButAllowed = [];
for (const path of files) {
  let text;
  try {
    text = readFileSync(`${root}${path}`, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') continue; // deleted in the working tree, not yet committed
    throw error;
  }
  const hits = text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => PATTERN.test(line));
  if (allowed.has(path)) {
    if (hits.length === 0) cleanButAllowed.push(path);
    continue;
  }
  for (const { line, number } of hits) found.push(`${path}:${number}: ${line.trim()}`);
}

if (cleanButAllowed.length > 0) {
  console.log(`no longer cites tracker items, so it can leave ALLOWED:\n  ${cleanButAllowed.join('\n  ')}`);
}
if (found.length > 0) {
  console.error(
    'Lines that cite a tracker item or work session by number; say what it means for the code instead:\n' +
      found.join('\n'),
  );
  process.exit(1);
}
console.log('no comment, test name or doc cites a tracker item');
