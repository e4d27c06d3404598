import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { PingController } from './ping.controller.js';

@Module({ controllers: [HealthController, PingController] })
export class HealthModule {}
