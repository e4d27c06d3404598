import type { EmbeddedDatabase } from '../src/database/embedded-database.js';

declare global {
  var __TEST_DB__: { serverUrl: string; names: string[]; embedded?: EmbeddedDatabase } | undefined;
}

export {};
