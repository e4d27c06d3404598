import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dockerNodeFlags, nodeFlagsOf, serverNodeFlags } from './server-node-flags.mjs';

test('reads the options before the script, not the script or its arguments', () => {
  assert.deepEqual(nodeFlagsOf('node --max-semi-space-size=3 --trace-gc dist/main.js --port 3'), [
    '--max-semi-space-size=3',
    '--trace-gc',
  ]);
  assert.deepEqual(nodeFlagsOf('node dist/main.js'), []);
});

test("runs the server's node with a 3 MiB semi-space, in npm start and in the container alike", () => {
  assert.ok(serverNodeFlags().includes('--max-semi-space-size=3'));
  assert.deepEqual(dockerNodeFlags(), serverNodeFlags());
});
