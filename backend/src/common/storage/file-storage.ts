import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';

/** A stored file read back: its bytes as a stream, and the type and size it was stored with. */
export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files (receipt images) are kept, by key: PostgreSQL by default, S3-compatible storage when
 * configured (STORAGE_DRIVER). Features depend on this port only, so which one holds the bytes is configuration.
 */
export abstract class FileStorage {
  /**
   * Stores the bytes under the key, replacing what it held. `within`: the caller's transaction, which a driver in the
   * database writes in (the file then commits or rolls back with the caller's rows, and a caller holding a lock needs
   * no second connection); a driver elsewhere ignores it.
   */
  abstract put(key: string, bytes: Buffer, contentType: string, within?: EntityManager): Promise<void>;
  /** The file under the key, or undefined when there is none. */
  abstract get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file under the key; nothing happens when there is none. `within`: as for put. */
  abstract delete(key: string, within?: EntityManager): Promise<void>;
}
