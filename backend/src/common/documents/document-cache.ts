import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { nonNegativeInt } from '../../config/app-config.js';

/**
 * Documents (a report's workbook, its PDF) kept by the hash of everything they are written from, so exporting an
 * unchanged report again sends the bytes written before instead of another ~7 ms of exceljs on a worker thread
 * (docs/PERFORMANCE.md). The key is the content itself, hashed: any change to the report, its lines or the language
 * is a new key, so a stale document cannot be served, and nothing needs to be told when a report changes. Each
 * replica keeps its own (DOCUMENT_CACHE_MB, least recently used first out; 0 turns it off): a miss only costs the
 * write it would have cost anyway. Concurrent exports of one document write it once.
 */
export class DocumentCache {
  private readonly cache?: LRUCache<string, Buffer, () => Promise<Buffer>>;

  constructor(maxBytes = nonNegativeInt('DOCUMENT_CACHE_MB', 32) * 1024 * 1024) {
    if (maxBytes === 0) return;
    this.cache = new LRUCache<string, Buffer, () => Promise<Buffer>>({
      maxSize: maxBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
      fetchMethod: (_key, _stale, { context: write }) => write(),
    });
  }

  /** The document written from `source` (any JSON-able value naming all it depends on), written by `write` once. */
  async get(source: unknown, write: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.cache) return write();
    const key = createHash('sha256').update(JSON.stringify(source)).digest('base64url');
    const bytes = await this.cache.fetch(key, { context: write });
    return bytes ?? write();
  }
}
