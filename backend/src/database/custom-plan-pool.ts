import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { pgPool } from './prepared-statements.js';

/** Connections of the pool below; searches are short, and each replica opens them only when a search comes. */
const CUSTOM_PLAN_CONNECTIONS = 4;

/**
 * A small second pool on the app's database whose sessions plan each execution of a prepared statement for its
 * own values (`plan_cache_mode = force_custom_plan`). It is for named statements whose best plan depends on how
 * selective a value is, such as a search pattern: naming them saves parsing them on every request (PostgreSQL spent
 * 1.2 ms a search unnamed, 0.9 ms named: docs/PERFORMANCE.md), and PostgreSQL can never settle on one
 * generic plan, which for a search may read an account's every report in date order for a pattern that matches one.
 * Opened on first use with the main pool's settings; closed with the app.
 */
@Injectable()
export class CustomPlanPool implements OnModuleDestroy {
  private readonly logger = new Logger('CustomPlanPool');
  private pool?: pg.Pool;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get(): pg.Pool {
    if (!this.pool) {
      const { options } = pgPool(this.dataSource) as pg.Pool & { options: pg.PoolConfig };
      this.pool = new pg.Pool({
        ...options,
        max: CUSTOM_PLAN_CONNECTIONS,
        options: '-c plan_cache_mode=force_custom_plan',
      });
      // An idle connection the server drops must not crash the process; the pool replaces it on the next query.
      this.pool.on('error', (error) => this.logger.warn(`idle connection failed: ${error.message}`));
    }
    return this.pool;
  }

  async onModuleDestroy(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }
}
