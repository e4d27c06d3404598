import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { knownJobModules } from './file-job.js';
import { WorkerPool } from './worker-pool.js';
import { loadWorkerPoolConfig } from './worker-pool.config.js';

export { FileJobTimeoutError, POOL_BUSY, WorkerPoolBusyError } from './worker-pool.js';

/**
 * The file pool: reading an upload, writing an export or template, rendering a PDF. Its threads preload every
 * declared file-job module, so loading exceljs is never charged to a job's time limit: otherwise a cold thread
 * could run out of time while loading, be ended, and its successor start over.
 */
@Injectable()
export class WorkerPoolService extends WorkerPool implements OnModuleDestroy {
  /** The most an uploaded workbook may unpack to (UPLOAD_UNPACKED_MAX_MB): reading jobs take it with their task. */
  readonly maxUnpackedBytes: number;

  constructor() {
    const config = loadWorkerPoolConfig();
    super({ ...config, name: 'WorkerPool', preload: knownJobModules });
    this.maxUnpackedBytes = config.maxUnpackedBytes;
  }

  async onModuleDestroy(): Promise<void> {
    await this.destroy();
  }
}
