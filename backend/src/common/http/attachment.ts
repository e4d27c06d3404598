import { PassThrough } from 'node:stream';
import { StreamableFile } from '@nestjs/common';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `attachment; filename="..."; filename*=UTF-8''...`: an ASCII-only fallback for old clients (anything outside a safe
 * set becomes "_", so no quote, slash or control character reaches the header) and the exact name per RFC 5987/6266.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback =
    fileName
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .replace(/_[\s_]*_/g, '_')
      .slice(0, 150) || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a file produced by `write` into the response. `write` gets a stream to write to and must end it; a
 * failure midway destroys the stream, so the client sees a broken download rather than a corrupt file.
 */
export function streamedFile(
  fileName: string,
  type: string,
  write: (stream: PassThrough) => Promise<void>,
): StreamableFile {
  const stream = new PassThrough();
  write(stream).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return new StreamableFile(stream, { type, disposition: attachmentDisposition(fileName) });
}
