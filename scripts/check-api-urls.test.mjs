import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { handWrittenApiCalls } from './check-api-urls.mjs';

const tree = (files) => {
  const root = mkdtempSync(join(tmpdir(), 'api-urls-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};

test('names a screen that writes an /api/ address, calls httpClient or calls fetch', () => {
  const root = tree({
    'settings/Page.tsx': "const go = () => httpClient('/protected/x');\nconst url = `/api/protected/${id}`;\n",
    'pages/Other.tsx': 'await fetch(address);\n',
  });
  assert.deepEqual(handWrittenApiCalls(root).sort(), [
    'pages/Other.tsx:1: a call of fetch: await fetch(address);',
    "settings/Page.tsx:1: a call of httpClient: const go = () => httpClient('/protected/x');",
    'settings/Page.tsx:2: an /api/ address: const url = `/api/protected/${id}`;',
  ]);
});

test('lets the providers, the API types, unit tests and comments name endpoints', () => {
  const root = tree({
    'providers/settingsProvider.ts': "await httpClient('/api/protected/user/settings');\n",
    'providers/recordsProvider.ts': "await httpClient('/api/protected/trips');\n",
    'api/types.ts': "export const PATH = '/api/protected/reports';\n",
    'settings/Page.test.tsx': "stub('/api/protected/user/settings');\n",
    'settings/Page.tsx':
      '// GET /api/protected/user/settings answers the form\nconst refetch = () => query.refetch();\n',
  });
  assert.deepEqual(handWrittenApiCalls(root), []);
});

test('refuses a file named *Provider.ts outside providers/: the name alone is no pass', () => {
  const root = tree({
    'records/recordsProvider.ts': "await httpClient('/api/protected/trips');\n",
    'settings/membersProvider.ts': "const url = '/api/protected/members';\n",
  });
  assert.deepEqual(handWrittenApiCalls(root).sort(), [
    "records/recordsProvider.ts:1: an /api/ address: await httpClient('/api/protected/trips');",
    "settings/membersProvider.ts:1: an /api/ address: const url = '/api/protected/members';",
  ]);
});
