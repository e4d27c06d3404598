import { Module } from '@nestjs/common';
import { ReportSeedController } from './report-seed.controller.js';
import { ReportSeedRepository } from './report-seed.repository.js';

/** Test-only route that seeds many reports at once; AppModule imports it only when NODE_ENV=test. */
@Module({ controllers: [ReportSeedController], providers: [ReportSeedRepository] })
export class ReportSeedModule {}
