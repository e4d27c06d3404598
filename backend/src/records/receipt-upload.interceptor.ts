import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { memoryUpload } from '../common/http/memory-upload.js';

/** A phone photo of a receipt is 2–4 MB; a scanned one-page PDF less. */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

const fileError = (message: string) => new BadRequestException({ error: message, message, fields: { file: message } });

const upload = memoryUpload(
  { fileSize: MAX_RECEIPT_BYTES, fields: 2, fieldSize: 1024, parts: 3 },
  {
    tooLarge: () => fileError(`A receipt file must not exceed ${MAX_RECEIPT_BYTES / 1024 / 1024} MB`),
    wrongField: () => fileError('Send the receipt in the "file" field'),
    unreadable: () => fileError('The upload could not be read'),
  },
);

/** Multipart parsing of one receipt image or PDF, in memory, refused past 5 MB before it is all read. */
@Injectable()
export class ReceiptUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await upload(context);
    return next.handle();
  }
}
