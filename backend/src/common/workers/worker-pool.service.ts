import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { WorkerPool } from './worker-pool.js';
import { loadWorkerPoolConfig } from './worker-pool.config.js';

export { FileJobTimeoutError, POOL_BUSY, WorkerPoolBusyError } from './worker-pool.js';

/**
 * The file pool: reading an upload, writing an export or template, rendering a PDF. A thread loads a job's module
 * when the first job of that kind reaches it (file-job.worker.ts), and exits after a minute without work.
 */
@Injectable()
export class WorkerPoolService extends WorkerPool implements OnModuleDestroy {
  /** The most an uploaded workbook may unpack to (UPLOAD_UNPACKED_MAX_MB): reading jobs take it with their task. */
  readonly maxUnpackedBytes: number;

  constructor() {
    const config = loadWorkerPoolConfig();
    super({ ...config, name: 'WorkerPool' });
    this.maxUnpackedBytes = config.maxUnpackedBytes;
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }
}
