import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { FileStorage, type StoredFile } from './file-storage.js';

/** Files as rows of `stored_files` (bytea): the default, so a deployment needs nothing beyond its database. */
export class PostgresFileStorage extends FileStorage {
  constructor(private readonly db: DataSource) {
    super();
  }

  async put(key: string, bytes: Buffer, contentType: string, within?: EntityManager): Promise<void> {
    await (within ?? this.db.manager).query(
      `INSERT INTO stored_files (key, content, content_type, size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET content = EXCLUDED.content, content_type = EXCLUDED.content_type,
         size = EXCLUDED.size, created_at = now()`,
      [key, bytes, contentType, bytes.length],
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const [row]: Array<{ content: Buffer; content_type: string; size: number }> = await this.db.query(
      'SELECT content, content_type, size FROM stored_files WHERE key = $1',
      [key],
    );
    if (!row) return undefined;
    return { stream: Readable.from([row.content]), contentType: row.content_type, size: Number(row.size) };
  }

  async delete(key: string, within?: EntityManager): Promise<void> {
    await (within ?? this.db.manager).query('DELETE FROM stored_files WHERE key = $1', [key]);
  }
}
