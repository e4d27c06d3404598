import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * The packet's ZIP as it is written (yazl): entries go out in order, a stream entry's bytes pass straight through
 * to the response at the pace the client reads them (no entry, and not the archive, is held whole). A stream entry
 * is opened only when the archive reaches it, so the caller adding one and awaiting it keeps one attachment open.
 */
export class PacketZip {
  private readonly zip = new ZipFile();
  private current: Readable | undefined;
  /** The wait of the stream entry in progress, failed by `abort` even when yazl never reached the entry. */
  private waiting: ((error: Error) => void) | undefined;
  private failure: Error | undefined;
  // yazl types its output as the bare stream interface; it is a PassThrough.
  readonly output = this.zip.outputStream as unknown as Readable;

  /** Every entry is dated when the packet was made, so two downloads of unchanged records hold the same files. */
  constructor(private readonly mtime: Date) {}

  /** A small entry written from memory (a PDF, the README); `compress` false for what is compressed already. */
  addBuffer(name: string, bytes: Buffer, compress: boolean): void {
    this.zip.addBuffer(bytes, name, { compress, mtime: this.mtime });
  }

  /** An entry read from the stream `open` answers when its turn comes; resolves once the stream is read to its end. */
  addStream(name: string, open: () => Promise<Readable>, compress: boolean): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.waiting = reject;
      this.zip.addReadStreamLazy(name, { compress, mtime: this.mtime }, (give) => {
        open().then(
          (stream) => {
            this.current = stream;
            finished(stream).then(resolve, reject);
            if (this.failure) stream.destroy(this.failure);
            give(null, stream);
          },
          // Never handed to yazl (that would end the archive with an error event nobody awaits): the caller's await
          // fails, and it aborts the packet.
          reject,
        );
      });
    });
  }

  /** Writes the central directory: the archive is complete once `output` ends. */
  end(): void {
    this.zip.end();
  }

  /** Stops the packet (the client went away, or a read failed): the open entry's source and the output end. */
  abort(error: Error): void {
    this.failure ??= error;
    this.current?.destroy(error);
    // An entry still queued behind others is never opened once the output is gone: its wait must end here, or the
    // request that awaits it would stay in memory for good.
    this.waiting?.(error);
    this.output.destroy(error);
  }
}
