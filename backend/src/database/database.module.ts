import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CustomPlanPool } from './custom-plan-pool.js';
import { databaseOptions } from './database-options.js';
import { DatabaseUrlProvider } from './database-url.provider.js';
import { surviveDroppedConnections } from './dropped-connections.js';
import { migrateUnderLock } from './migrate-under-lock.js';

@Global()
@Module({
  providers: [DatabaseUrlProvider],
  exports: [DatabaseUrlProvider],
})
class DatabaseUrlModule {}

/**
 * TypeORM on PostgreSQL. Schema changes only through migrations, never synchronize. They run at start-up, before the
 * app serves, under an advisory lock so that any number of replicas starting together migrate once.
 */
@Global()
@Module({
  providers: [CustomPlanPool],
  exports: [CustomPlanPool],
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [DatabaseUrlModule],
      inject: [DatabaseUrlProvider],
      useFactory: async (database: DatabaseUrlProvider) => ({
        ...databaseOptions(await database.resolve()),
        autoLoadEntities: true,
      }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        surviveDroppedConnections(dataSource, new Logger('Database'));
        const { applied } = await migrateUnderLock(dataSource);
        const logger = new Logger('Migrations');
        logger.log(applied.length ? `applied ${applied.join(', ')}` : 'schema is up to date');
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
