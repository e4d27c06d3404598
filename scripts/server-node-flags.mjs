import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The node options before the script in a command line such as `node --flag=1 dist/main.js`. */
export const nodeFlagsOf = (command) => {
  const words = command.trim().split(/\s+/);
  const flags = [];
  for (const word of words.slice(words[0] === 'node' ? 1 : 0)) {
    if (!word.startsWith('--')) break;
    flags.push(word);
  }
  return flags;
};

/**
 * The flags the server's node runs with, written once in backend/package.json's start:prod and read from there by
 * what else starts the built server (the benches, the browser tests' server), so each runs what production runs.
 * The Dockerfile's CMD repeats them: server-node-flags.test.mjs checks the two agree.
 */
export function serverNodeFlags() {
  const backend = JSON.parse(readFileSync(join(root, 'backend', 'package.json'), 'utf8'));
  return nodeFlagsOf(backend.scripts['start:prod']);
}

/** The flags of the Dockerfile's CMD (its exec form, a JSON array). */
export function dockerNodeFlags() {
  const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('CMD '));
  return nodeFlagsOf(JSON.parse(cmd.slice(4)).join(' '));
}
