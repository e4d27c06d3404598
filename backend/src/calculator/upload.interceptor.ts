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

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
}).single('file');

/**
 * Multipart parsing for the Excel upload, in memory with a hard 10 MB cap. Multer's own errors (a 413 for the size
 * limit) are turned into the spec's 400 messages.
 */
@Injectable()
export class ExcelUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') return reject(new BadRequestException({ error: 'File must not exceed 10MB' }));
        if (code === 'LIMIT_UNEXPECTED_FILE') {
          return reject(new BadRequestException({ error: 'Send the workbook in the "file" field' }));
        }
        reject(new BadRequestException({ error: 'Error: Failed to process file' }));
      }),
    );
    return next.handle();
  }
}
