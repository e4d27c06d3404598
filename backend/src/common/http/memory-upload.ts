import type { ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';

/** What a refused upload says, per multer error: the file too large, in another field, or unreadable. */
export interface UploadRefusals {
  tooLarge: () => Error;
  wrongField: () => Error;
  unreadable: () => Error;
}

/**
 * Parses one multipart file into memory with hard caps, turning multer's own errors (a 413 for the size limit) into
 * the caller's messages. The upload interceptors of the calculator, the rate matrix and the records share it.
 */
export function memoryUpload(limits: multer.Options['limits'], refusals: UploadRefusals) {
  const upload = multer({ storage: multer.memoryStorage(), limits: { files: 1, ...limits } }).single('file');
  return (context: ExecutionContext): Promise<void> => {
    const http = context.switchToHttp();
    return new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') return reject(refusals.tooLarge());
        if (code === 'LIMIT_UNEXPECTED_FILE') return reject(refusals.wrongField());
        reject(refusals.unreadable());
      }),
    );
  };
}
