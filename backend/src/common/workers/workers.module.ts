import { Global, Module } from '@nestjs/common';
import { WorkerPoolService } from './worker-pool.service.js';

/** One pool per process, shared by every feature that writes or reads files. */
@Global()
@Module({ providers: [WorkerPoolService], exports: [WorkerPoolService] })
export class WorkersModule {}
