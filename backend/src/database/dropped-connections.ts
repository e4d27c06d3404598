import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { pgPool } from './prepared-statements.js';

/**
 * A pooled connection that PostgreSQL ends while it is checked out and idle (pg_terminate_backend, a failover, a
 * job's lock connection waiting between two checks) reports it as an 'error' event on its client. TypeORM and the
 * pool listen only at certain moments; an event that arrives in between would be an uncaught exception that ends the
 * process. Every client gets one listener of its own the first time it is handed out, so a dropped connection is a
 * logged line: the query that needed it fails on its own (503), and the pool opens a new one.
 */
export function surviveDroppedConnections(dataSource: DataSource, logger: Logger): void {
  const guarded = new WeakSet<object>();
  pgPool(dataSource).on('acquire', (client) => {
    if (guarded.has(client)) return;
    guarded.add(client);
    client.on('error', (error: Error) => logger.warn(`a database connection was dropped: ${error.message}`));
  });
}
