import { Module } from '@nestjs/common';
import { DrainState } from '../common/shutdown/drain-state.js';
import { HealthController } from './health.controller.js';
import { HealthRepository } from './health.repository.js';
import { PingController } from './ping.controller.js';

@Module({
  controllers: [HealthController, PingController],
  providers: [DrainState, HealthRepository],
  exports: [DrainState],
})
export class HealthModule {}
