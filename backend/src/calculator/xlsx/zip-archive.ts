import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';

/** Why an upload could not be read; the message stays on the server, the client sees one generic sentence. */
export class UnreadableWorkbookError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  dataOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_ENTRIES = 5000;

export const ZIP_LOCAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The archive's central directory. Only what a workbook needs is supported: stored or deflated entries, no
 * encryption, no ZIP64 (a file under 10 MB never needs it). Sizes are read from the directory and then enforced
 * while inflating, so a lying header cannot make us inflate more than we allow.
 */
export function readZipDirectory(buffer: Buffer): Map<string, ZipEntry> {
  const fail = (why: string): never => {
    throw new UnreadableWorkbookError(why);
  };
  if (buffer.length < 22 || !buffer.subarray(0, 4).equals(ZIP_LOCAL_SIGNATURE)) fail('not a zip archive');
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65557); i--) {
    if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail('no end of central directory');
  const count = buffer.readUInt16LE(eocd + 10);
  const size = buffer.readUInt32LE(eocd + 12);
  const offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) fail('ZIP64 is not supported');
  if (count > MAX_ENTRIES) fail('too many entries');
  if (offset + size > buffer.length) fail('central directory out of range');
  const entries = new Map<string, ZipEntry>();
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_SIGNATURE) fail('bad central directory entry');
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const uncompressedSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1) fail('encrypted entry');
    if (method !== 0 && method !== 8) fail(`unsupported compression ${method}`);
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== LOCAL_SIGNATURE)
      fail('bad local header');
    const dataOffset = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    if (dataOffset + compressedSize > buffer.length) fail('entry out of range');
    entries.set(name, { name, method, compressedSize, uncompressedSize, dataOffset });
  }
  return entries;
}

/**
 * An entry's text, chunk by chunk, inflated as it is read. Stops with an error once more than `maxBytes` (or more than
 * the declared size) comes out; the consumer may also stop early, which ends the inflation.
 */
export async function* entryText(buffer: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<string> {
  if (entry.uncompressedSize > maxBytes) throw new UnreadableWorkbookError(`${entry.name} is too large`);
  const data = buffer.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    yield decoder.write(data) + decoder.end();
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > maxBytes || produced > entry.uncompressedSize) {
        throw new UnreadableWorkbookError(`${entry.name} inflates past its declared size`);
      }
      yield decoder.write(chunk);
    }
  } catch (error) {
    if (error instanceof UnreadableWorkbookError) throw error;
    throw new UnreadableWorkbookError(`${entry.name}: ${(error as Error).message}`);
  } finally {
    inflate.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** A whole small entry (workbook.xml, relationships) as one string. */
export async function entryString(buffer: Buffer, entry: ZipEntry, maxBytes: number): Promise<string> {
  let text = '';
  for await (const chunk of entryText(buffer, entry, maxBytes)) text += chunk;
  return text;
}
