import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { findBoundsProblem } from './request-bounds.js';

/**
 * Refuses a body or query that holds more than its route's DTO can use (unknown properties, lists past their
 * @ArrayMaxSize, nesting no field takes, too many values) before anything walks it recursively: class-transformer's
 * cost grows with the square of an object's key count, and one anonymous 1 MB body of 130,000 keys held the event
 * loop, and so every other request, for seconds. The answer is the validation pipe's: a 400 naming the fields.
 */
@Injectable()
export class RequestBoundsPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    const problem = findBoundsProblem(value, metadata.metatype, { path: metadata.data });
    if (problem)
      throw new BadRequestException({ error: problem.error, message: problem.error, fields: problem.fields });
    return value;
  }
}
