import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';

/** Why an upload could not be read; the message stays on the server, the client sees one generic sentence. */
export class UnreadableWorkbookError extends Error {}

export const ZIP_LOCAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MAX_ENTRIES = 5000;

const unreadable = (why: string, error?: unknown): UnreadableWorkbookError =>
  error instanceof UnreadableWorkbookError
    ? error
    : new UnreadableWorkbookError(error instanceof Error ? `${why}: ${error.message}` : why);

/** The archive's parts would unpack to more than the budget allows; nothing was inflated. */
export class UnpackedTooLargeError extends Error {
  constructor(
    readonly unpackedBytes: number,
    readonly limitBytes: number,
  ) {
    super(`unpacks to ${unpackedBytes} bytes, more than ${limitBytes}`);
  }
}

/** "The workbook unpacks to 240 MB; at most 100 MB is accepted": what a person is told, naming the limit. */
export const unpackedTooLargeMessage = (unpackedBytes: number, limitBytes: number): string => {
  const mb = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;
  return `The workbook unpacks to ${mb(unpackedBytes)}; at most ${mb(limitBytes)} is accepted`;
};

/** The members of an uploaded workbook, read through yauzl. */
export interface WorkbookArchive {
  has(name: string): boolean;
  /** A member's text, chunk by chunk, inflated as it is read; at most `maxBytes` of it (see `memberText`). */
  text(name: string, maxBytes: number): AsyncGenerator<string>;
  /** A whole small member (workbook.xml, relationships) as one string. */
  string(name: string, maxBytes: number): Promise<string>;
}

/**
 * Opens the archive held in `buffer` with yauzl, which parses the central directory, refuses encrypted entries and
 * compression methods other than stored and deflate, and (validateEntrySizes) fails a member that inflates to more
 * or fewer bytes than its declared size, while inflating. Every failure is an UnreadableWorkbookError, except a
 * directory whose parts declare more than `maxUnpackedBytes` together (an UnpackedTooLargeError): the declared sizes
 * are what yauzl then holds each part to, so the sum bounds what any reader of this archive can inflate.
 */
export async function openWorkbookArchive(buffer: Buffer, maxUnpackedBytes = Infinity): Promise<WorkbookArchive> {
  if (buffer.length < 22 || !buffer.subarray(0, 4).equals(ZIP_LOCAL_SIGNATURE)) {
    throw new UnreadableWorkbookError('not a zip archive');
  }
  let zip: yauzl.ZipFile;
  const entries = new Map<string, yauzl.Entry>();
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true });
    if (zip.entryCount > MAX_ENTRIES) throw new UnreadableWorkbookError('too many entries');
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (error) {
    throw unreadable('bad zip directory', error);
  }
  let unpacked = 0;
  for (const entry of entries.values()) unpacked += entry.uncompressedSize;
  if (unpacked > maxUnpackedBytes) throw new UnpackedTooLargeError(unpacked, maxUnpackedBytes);
  const need = (name: string): yauzl.Entry => {
    const entry = entries.get(name);
    if (!entry) throw new UnreadableWorkbookError(`missing ${name}`);
    return entry;
  };
  const archive: WorkbookArchive = {
    has: (name) => entries.has(name),
    text: (name, maxBytes) => memberText(zip, need(name), maxBytes),
    async string(name, maxBytes) {
      let text = '';
      for await (const chunk of archive.text(name, maxBytes)) text += chunk;
      return text;
    },
  };
  return archive;
}

/**
 * Refuses a member whose declared size is over `maxBytes` before inflating a byte. A member that lies about its size
 * is stopped by yauzl's size check as soon as it passes the declared size; `maxBytes` is checked again on what
 * actually comes out, so neither a lying header nor a yauzl change can make us inflate more than we allow. The
 * consumer may stop early, which destroys the stream and ends the inflation.
 */
async function* memberText(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): AsyncGenerator<string> {
  const name = entry.fileName;
  if (entry.uncompressedSize > maxBytes) throw new UnreadableWorkbookError(`${name} is too large`);
  const decoder = new StringDecoder('utf8');
  let stream: NodeJS.ReadableStream & { destroy(): void };
  try {
    stream = (await zip.openReadStreamPromise(entry)) as typeof stream;
  } catch (error) {
    throw unreadable(name, error);
  }
  let produced = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > maxBytes || produced > entry.uncompressedSize) {
        throw new UnreadableWorkbookError(`${name} inflates past its declared size`);
      }
      yield decoder.write(chunk);
    }
  } catch (error) {
    // yauzl's validateEntrySizes reports "too many bytes in the stream" before our own count sees the extra bytes.
    if (error instanceof Error && /too many bytes/.test(error.message)) {
      throw new UnreadableWorkbookError(`${name} inflates past its declared size`);
    }
    throw unreadable(name, error);
  } finally {
    stream.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
