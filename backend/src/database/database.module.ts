import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseUrlProvider } from './database-url.provider.js';
import { migrations } from './migrations/index.js';

@Global()
@Module({
  providers: [DatabaseUrlProvider],
  exports: [DatabaseUrlProvider],
})
class DatabaseUrlModule {}

/** TypeORM on PostgreSQL. Schema changes only through migrations, which run at start-up; never synchronize. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [DatabaseUrlModule],
      inject: [DatabaseUrlProvider],
      useFactory: async (database: DatabaseUrlProvider) => ({
        type: 'postgres' as const,
        url: await database.resolve(),
        autoLoadEntities: true,
        synchronize: false,
        migrations,
        migrationsRun: true,
        migrationsTransactionMode: 'each' as const,
        extra: {
          max: Number(process.env.DB_POOL_SIZE ?? 20),
          // While PostgreSQL is out of reach a request fails in seconds (a 503) instead of queueing for ever, and
          // keep-alive lets a half-open socket be noticed and replaced rather than hang a query.
          connectionTimeoutMillis: 5000,
          keepAlive: true,
        },
      }),
    }),
  ],
})
export class DatabaseModule {}
