#!/usr/bin/env node
// The browser tests drive Debian's Chromium; Playwright must never download a browser here.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  console.error("The browser tests need Debian's chromium: run apt-get install -y chromium");
  process.exit(1);
}
