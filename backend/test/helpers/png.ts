import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG of one colour (signature, IHDR, one IDAT of unfiltered RGB rows, IEND, each chunk with its CRC), made
 * in the test so no suite carries a binary fixture. The API and browser suites of receipts and the audit packet use
 * it: the receipt type check reads the signature, and a browser draws it.
 */
export function solidPng(width = 1, height = 1, [red, green, blue]: [number, number, number] = [255, 0, 0]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([red, green, blue]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
