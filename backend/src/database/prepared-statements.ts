import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/** TypeORM's pg pool, for named (prepared) statements, which its query() cannot send; the driver exposes it untyped. */
export const pgPool = (dataSource: DataSource): Pool => (dataSource.driver as unknown as { master: Pool }).master;

const names = new Map<string, string>();

/**
 * Runs `text` as a named statement, so each pooled connection parses and plans it once rather than on every call
 * (the hot read paths: the tax-rate page, the subscription check of every guarded route). The name is derived from
 * the text, so two different statements can never share one. Statements whose text is built per request must come
 * from a small fixed set of shapes (sort keys, filters present), never from a value the request sent.
 */
export async function queryPrepared<Row extends QueryResultRow>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  let name = names.get(text);
  if (!name) names.set(text, (name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`));
  const { rows } = await pgPool(dataSource).query<Row>({ name, text, values });
  return rows;
}
