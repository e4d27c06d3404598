import { Module } from '@nestjs/common';
import { DrainState } from '../common/shutdown/drain-state.js';
import { HealthController } from './health.controller.js';
import { PingController } from './ping.controller.js';

@Module({ controllers: [HealthController, PingController], providers: [DrainState], exports: [DrainState] })
export class HealthModule {}
