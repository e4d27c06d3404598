import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';

/** A 200,000-row trip file is about 8 MB of CSV; 16 MB leaves room for long vendor names. */
export const MAX_RECORD_FILE_BYTES = 16 * 1024 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_RECORD_FILE_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024, parts: 6 },
}).single('file');

const fileError = (message: string) => new BadRequestException({ error: message, message, fields: { file: message } });

/** Multipart parsing of a records file, in memory with a hard cap; the parse itself runs on the worker pool. */
@Injectable()
export class RecordUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') {
          return reject(fileError(`A records file must not exceed ${MAX_RECORD_FILE_BYTES / 1024 / 1024} MB`));
        }
        if (code === 'LIMIT_UNEXPECTED_FILE') return reject(fileError('Send the CSV file in the "file" field'));
        reject(fileError('The upload could not be read'));
      }),
    );
    return next.handle();
  }
}
