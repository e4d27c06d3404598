import { Module } from '@nestjs/common';
import { ReportSeedModule } from '../reports/test-seed/report-seed.module.js';
import { TestClockController } from './test-clock.controller.js';

/**
 * The routes only tests use (the browser tests' handle on the clock, the bulk report seed for benchmarks), in one
 * module AppModule loads only when NODE_ENV=test, so no production feature carries them and nothing depends on them.
 */
@Module({ imports: [ReportSeedModule], controllers: [TestClockController] })
export class TestingModule {}

export const testOnlyModules = (nodeEnv = process.env.NODE_ENV) => (nodeEnv === 'test' ? [TestingModule] : []);
