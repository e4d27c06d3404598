// The feature map of .dependency-cruiser.cjs (npm run deps) on small trees: a cycle between two features' folders
// fails the check even when no file imports itself, and features stacked in one direction pass.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const cruise = (files) => {
  const tree = mkdtempSync(join(tmpdir(), 'feature-map-'));
  copyFileSync(join(root, 'tsconfig.depcruise.json'), join(tree, 'tsconfig.depcruise.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  return spawnSync(process.execPath, [depcruise, 'backend/src', '--config', join(root, '.dependency-cruiser.cjs')], {
    cwd: tree,
    encoding: 'utf8',
  });
};

test('refuses two features that import each other through different files', () => {
  const run = cruise({
    'backend/src/reports/reports.service.ts':
      "import { plan } from '../billing/plans.js';\nexport const report = plan;\n",
    'backend/src/reports/report-clock.ts': 'export const now = () => 1;\n',
    'backend/src/billing/plans.ts': 'export const plan = 1;\n',
    'backend/src/billing/invoices.ts': "import { now } from '../reports/report-clock.js';\nexport const due = now;\n",
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stdout, /no-feature-cycles: backend\/src\/(reports|billing) →/);
});

test('refuses the ground importing a feature', () => {
  const run = cruise({
    'backend/src/database/entities.ts':
      "import { Report } from '../reports/report.entity.js';\nexport const all = [Report];\n",
    'backend/src/reports/report.entity.ts': 'export class Report {}\n',
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stdout, /ground-knows-no-feature: backend\/src\/database\/entities\.ts/);
});

test('passes features that depend in one direction', () => {
  const run = cruise({
    'backend/src/reports/reports.service.ts':
      "import { plan } from '../billing/plans.js';\nexport const report = plan;\n",
    'backend/src/billing/plans.ts': "import { now } from '../common/clock.js';\nexport const plan = now;\n",
    'backend/src/common/clock.ts': 'export const now = () => 1;\n',
  });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test('names every folder of backend/src as a feature or as the ground', async () => {
  const { readdirSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));
  const named = config.forbidden.find((rule) => rule.name === 'ground-knows-no-feature').to.path;
  const features = new Set(/\(([^)]+)\)/.exec(named)[1].split('|'));
  const ground = new Set(['common', 'config', 'database', 'ifta']);
  const folders = readdirSync(join(root, 'backend/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual(
    folders.filter((folder) => !features.has(folder) && !ground.has(folder)),
    [],
    'a new feature folder goes into FEATURES in .dependency-cruiser.cjs',
  );
});
