import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

export const NUL_REFUSED = 'Text must not contain the NUL character (\\u0000)';
const MAX_DEPTH = 32;

/** The first path in `value` whose text holds a NUL character, or undefined. */
function nulPath(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(key, path, depth + 1) ?? nulPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a query carrying one fails inside the driver and would surface as a 500.
 * Refused up front, for every body, query and path value, as the 400 naming the field that the client can fix.
 */
@Injectable()
export class RejectNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const path = nulPath(value, metadata.data ?? '', 0);
    if (path) throw new BadRequestException({ error: `${path}: ${NUL_REFUSED}`, fields: { [path]: NUL_REFUSED } });
    return value;
  }
}
