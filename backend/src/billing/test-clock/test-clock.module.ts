import { Module } from '@nestjs/common';
import { ReportSeedModule } from '../../reports/test-seed/report-seed.module.js';
import { TestClockController } from './test-clock.controller.js';

/** Test-only routes; AppModule imports this module only when NODE_ENV=test. */
@Module({ controllers: [TestClockController] })
export class TestClockModule {}

export const testOnlyModules = (nodeEnv = process.env.NODE_ENV) =>
  nodeEnv === 'test' ? [TestClockModule, ReportSeedModule] : [];
