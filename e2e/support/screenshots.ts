import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the browser tests leave their screenshots (e2e/screenshots), for a person to look at after a run. */
export const SCREENSHOTS = join(__dirname, '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });
