import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FileStorage } from './file-storage.js';
import { PostgresFileStorage } from './postgres-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';
import { loadStorageConfig } from './storage-config.js';

/**
 * The FileStorage the configuration names. Its settings are read when the app is built, so a deployment with
 * STORAGE_DRIVER=s3 and a setting missing does not start (the error names the setting).
 */
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [getDataSourceToken()],
      useFactory: (db: DataSource): FileStorage => {
        const config = loadStorageConfig();
        return config.driver === 's3' ? new S3FileStorage(config) : new PostgresFileStorage(db);
      },
    },
  ],
  exports: [FileStorage],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }
}
