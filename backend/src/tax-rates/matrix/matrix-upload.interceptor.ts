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
import { MAX_MATRIX_BYTES } from './parse-rate-matrix.js';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_MATRIX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

const fileError = (message: string) => new BadRequestException({ error: message, message, fields: { file: message } });

/** Multipart parsing of the rate matrix, in memory with a hard cap, so the parse that follows stays short. */
@Injectable()
export class MatrixUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') {
          return reject(fileError(`The rate matrix must not exceed ${MAX_MATRIX_BYTES / 1024} KB`));
        }
        if (code === 'LIMIT_UNEXPECTED_FILE') return reject(fileError('Send the rate matrix in the "file" field'));
        reject(fileError('The upload could not be read'));
      }),
    );
    return next.handle();
  }
}
