import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const backend = join(repoRoot, 'backend');
export const BUILT_MAIN = join(backend, 'dist', 'main.js');
export const BUILT_MIGRATE = join(backend, 'dist', 'database', 'migrate.js');

/**
 * The replica and migration tests run the built app, as production does. `npm test` runs the API suites before the
 * browser tests, so scripts/build-backend.mjs builds the backend here when dist/ is missing or older than a source,
 * and the browser tests then start this same build.
 */
export function ensureBackendBuilt(): void {
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build-backend.mjs')], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0 || !existsSync(BUILT_MAIN)) {
    throw new Error(`nest build failed: ${build.stdout}${build.stderr}`);
  }
}
