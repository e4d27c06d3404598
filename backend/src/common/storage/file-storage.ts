import type { Readable } from 'node:stream';

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
  /** Stores the bytes under the key, replacing what it held. */
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under the key, or undefined when there is none. */
  abstract get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file under the key; nothing happens when there is none. */
  abstract delete(key: string): Promise<void>;
}
