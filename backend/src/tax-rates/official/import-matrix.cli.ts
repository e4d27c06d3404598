import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../app.module.js';
import { RateMatrixError } from '../matrix/parse-rate-matrix.js';
import { importArguments, importMatrixFile, QuarterUnknownError } from './import-matrix-file.js';
import { MatrixRefusedError, OfficialMatricesService, type PublishOutcome } from './official-matrices.service.js';

/**
 * `npm run rates:import -- <file.csv>… [--quarter 3Q2026] [--reason "why"]`: for an operator without network (or
 * before the updater has run, or loading past years), publishes IFTA's matrix files for every account exactly as the
 * operator console's upload does: drafts priced provisionally are repriced, a file that would remove rates is held
 * for review unless a reason is given. Each file is its own outcome: one refused file does not stop the others.
 * Runs against DATABASE_URL (or the embedded database when the app is not running).
 */
async function main(): Promise<number> {
  const parsed = importArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    console.error(parsed);
    return 2;
  }
  // The command publishes and exits: no scheduled job of the app should start meanwhile.
  process.env.RATE_MATRIX_URL = '';
  process.env.REMINDER_JOB_INTERVAL_MS = '0';
  process.env.BILLING_JOB_INTERVAL_MS = '0';
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn', 'log'] });
  let status = 0;
  try {
    for (const file of parsed.files) {
      try {
        const outcome = await importMatrixFile(app.get(OfficialMatricesService), file, parsed.quarter, parsed.reason);
        console.log(`${file} (${outcome.quarter.label}): ${said(outcome)}`);
      } catch (error) {
        const refused =
          error instanceof RateMatrixError ||
          error instanceof MatrixRefusedError ||
          error instanceof QuarterUnknownError;
        if (!refused) throw error;
        console.error(`${file}: ${(error as Error).message}`);
        status = 1;
      }
    }
    return status;
  } finally {
    await app.close();
  }
}

function said({ outcome, matrix }: PublishOutcome): string {
  if (outcome === 'published') return `version ${matrix.version} published (${matrix.rate_count} rates)`;
  if (outcome === 'unchanged') return `the same file is version ${matrix.version} already; nothing changed`;
  return (
    `version ${matrix.version} held for review, not published: it would remove ${matrix.review.join('; ')}. ` +
    'Publish it in the operator console, or run again with --reason "why"'
  );
}

process.exitCode = await main();
