import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { memoryUpload } from '../common/http/memory-upload.js';

/** A 200,000-row trip file is about 8 MB of CSV; 16 MB leaves room for long vendor names. */
const MAX_RECORD_FILE_BYTES = 16 * 1024 * 1024;

const fileError = (message: string) => new BadRequestException({ error: message, message, fields: { file: message } });

const upload = memoryUpload(
  { fileSize: MAX_RECORD_FILE_BYTES, fields: 5, fieldSize: 16 * 1024, parts: 6 },
  {
    tooLarge: () => fileError(`A records file must not exceed ${MAX_RECORD_FILE_BYTES / 1024 / 1024} MB`),
    wrongField: () => fileError('Send the CSV file in the "file" field'),
    unreadable: () => fileError('The upload could not be read'),
  },
);

/** Multipart parsing of a records file, in memory with a hard cap; the parse itself runs on the worker pool. */
@Injectable()
export class RecordUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await upload(context);
    return next.handle();
  }
}
