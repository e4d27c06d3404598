import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A test job: whether this worker thread has loaded exceljs (a CommonJS package, so it shows in require.cache). */
export function exceljsLoaded(): boolean {
  return Object.keys(require.cache).some((file) => file.includes('/node_modules/exceljs/'));
}
