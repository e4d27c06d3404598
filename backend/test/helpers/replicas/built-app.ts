import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const backend = join(repoRoot, 'backend');
export const BUILT_MAIN = join(backend, 'dist', 'main.js');
export const BUILT_MIGRATE = join(backend, 'dist', 'database', 'migrate.js');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The replica and migration tests run the built app, as production does. `npm test` runs the API suites before the build the
 * browser tests trigger, so this builds the backend when dist/ is missing or older than any source file.
 */
export function ensureBackendBuilt(): void {
  if (existsSync(BUILT_MAIN) && statSync(BUILT_MAIN).mtimeMs >= newestChange(join(backend, 'src'))) return;
  const build = spawnSync('npx', ['nest', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0 || !existsSync(BUILT_MAIN)) {
    throw new Error(`nest build failed: ${build.stdout}${build.stderr}`);
  }
}
