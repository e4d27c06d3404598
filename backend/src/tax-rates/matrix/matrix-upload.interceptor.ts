import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { memoryUpload } from '../../common/http/memory-upload.js';
import { MAX_MATRIX_BYTES } from './parse-rate-matrix.js';

const fileError = (message: string) => new BadRequestException({ error: message, message, fields: { file: message } });

const upload = memoryUpload(
  { fileSize: MAX_MATRIX_BYTES, fields: 5, fieldSize: 1024, parts: 6 },
  {
    tooLarge: () => fileError(`The rate matrix must not exceed ${MAX_MATRIX_BYTES / 1024} KB`),
    wrongField: () => fileError('Send the rate matrix in the "file" field'),
    unreadable: () => fileError('The upload could not be read'),
  },
);

/** Multipart parsing of the rate matrix, in memory with a hard cap, so the parse that follows stays short. */
@Injectable()
export class MatrixUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await upload(context);
    return next.handle();
  }
}
