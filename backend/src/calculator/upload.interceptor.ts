import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { memoryUpload } from '../common/http/memory-upload.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const upload = memoryUpload(
  { fileSize: MAX_UPLOAD_BYTES, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  {
    tooLarge: () => new BadRequestException({ error: 'File must not exceed 10MB' }),
    wrongField: () => new BadRequestException({ error: 'Send the workbook in the "file" field' }),
    unreadable: () => new BadRequestException({ error: 'Error: Failed to process file' }),
  },
);

/**
 * Multipart parsing for the Excel upload, in memory with a hard 10 MB cap. Multer's own errors (a 413 for the size
 * limit) are turned into the spec's 400 messages.
 */
@Injectable()
export class ExcelUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await upload(context);
    return next.handle();
  }
}
