import { Global, Module } from '@nestjs/common';
import { DocumentCache } from '../documents/document-cache.js';
import { WorkerPoolService } from './worker-pool.service.js';

/** One pool per process, shared by every feature that writes or reads files, and the documents written so far. */
@Global()
@Module({
  providers: [WorkerPoolService, { provide: DocumentCache, useFactory: () => new DocumentCache() }],
  exports: [WorkerPoolService, DocumentCache],
})
export class WorkersModule {}
