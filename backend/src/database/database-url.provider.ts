import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database.js';

/** Resolves the database the app talks to: DATABASE_URL when set, else an embedded PostgreSQL it owns. */
@Injectable()
export class DatabaseUrlProvider implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private embedded?: EmbeddedDatabase;
  private url?: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async resolve(): Promise<string> {
    if (this.url) return this.url;
    if (this.config.databaseUrl) {
      this.url = this.config.databaseUrl;
    } else {
      this.logger.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${this.config.dataDir}/pg`);
      this.embedded = await startEmbeddedDatabase(this.config.dataDir, (line) => this.logger.warn(line));
      this.url = this.embedded.url;
    }
    return this.url;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.embedded?.stop();
  }
}
