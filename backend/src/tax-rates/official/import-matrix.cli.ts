import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../app.module.js';
import { RateMatrixError } from '../matrix/parse-rate-matrix.js';
import { importArguments, importMatrixFile } from './import-matrix-file.js';
import { MatrixRefusedError, OfficialMatricesService } from './official-matrices.service.js';

/**
 * `npm run rates:import -- <file.csv> --quarter 3Q2026`: for an operator without network (or before the updater has
 * run), publishes IFTA's matrix file for every account exactly as the operator console's upload does: drafts priced
 * provisionally are repriced. Runs against DATABASE_URL (or the embedded database when the app is not running).
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
  try {
    const outcome = await importMatrixFile(app.get(OfficialMatricesService), parsed.file, parsed.quarter);
    console.log(
      outcome.outcome === 'published'
        ? `${parsed.quarter.label}: version ${outcome.matrix.version} published (${outcome.matrix.rate_count} rates)`
        : `${parsed.quarter.label}: the same file is version ${outcome.matrix.version} already; nothing changed`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RateMatrixError || error instanceof MatrixRefusedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}

process.exitCode = await main();
