#!/usr/bin/env node
/**
 * Builds the backend (nest build) unless backend/dist/main.js is newer than every file it is built from. `npm test`
 * runs the API suites first, and three of them run the built app as production does, so the build they make is the
 * one the browser tests then start: CI built the backend twice before, a minute of its run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(root, 'backend', 'dist', 'main.js');
const inputs = [
  join(root, 'backend', 'src'),
  join(root, 'backend', 'tsconfig.json'),
  join(root, 'backend', 'tsconfig.build.json'),
  join(root, 'nest-cli.json'),
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function backendIsBuilt() {
  return existsSync(mainJs) && statSync(mainJs).mtimeMs >= Math.max(...inputs.map(newestChange));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (backendIsBuilt()) {
    console.log('build-backend: backend/dist is newer than its sources; not rebuilt');
  } else {
    const build = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0 || !existsSync(mainJs)) process.exit(build.status || 1);
  }
}
