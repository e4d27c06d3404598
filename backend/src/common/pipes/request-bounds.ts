import { createRequire } from 'node:module';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

/** Most items a list may hold where its property names no @ArrayMaxSize of its own (and keys of a loose object). */
export const MAX_LIST_ITEMS = 1_000;
/**
 * Most values (objects, lists and scalars, each counted once) a body or query may hold. The largest real body, a
 * calculation session of 5,000 entries, holds about 50,000.
 */
export const MAX_REQUEST_VALUES = 100_000;
/** Unknown properties named in a refusal; a body of 130,000 of them is not answered with 130,000 sentences. */
const MAX_NAMED_UNKNOWN = 5;

export const TOO_MANY_VALUES = `The request holds too many values (at most ${MAX_REQUEST_VALUES.toLocaleString('en-US')})`;

/** A refusal in the validation pipe's shape: one sentence, and each offending field with what is wrong with it. */
export interface BoundsProblem {
  error: string;
  fields: Record<string, string>;
}

interface PropertyShape {
  /** The DTO class its object (or each item of its list) is validated as, when it has one. */
  nested?: DtoShape;
  maxItems?: number;
  /** The property's own @ArrayMaxSize message, when it sets one. */
  maxItemsMessage?: string | ((args: { property: string; constraints: unknown[] }) => string);
}

interface DtoShape {
  properties: Map<string, PropertyShape>;
}

interface TypeMetadata {
  typeFunction: (options?: unknown) => unknown;
}

// class-transformer keeps @Type() in a storage that only its CommonJS build exports; it is the same instance that
// plainToInstance reads (Nest's own mapped types read it the same way).
const { defaultMetadataStorage } = createRequire(import.meta.url)('class-transformer/cjs/storage') as {
  defaultMetadataStorage: { findTypeMetadata(target: object, property: string): TypeMetadata | undefined };
};

const BUILT_INS = new Set<unknown>([Object, Array, String, Number, Boolean, Date, Buffer]);
const shapes = new WeakMap<object, DtoShape | null>();

/** What a DTO class accepts: its validated properties, their nested classes and list bounds; null for no DTO. */
export function dtoShape(metatype: unknown): DtoShape | null {
  if (typeof metatype !== 'function' || BUILT_INS.has(metatype)) return null;
  const known = shapes.get(metatype);
  if (known !== undefined) return known;
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  if (!metadatas.length) {
    shapes.set(metatype, null);
    return null;
  }
  const shape: DtoShape = { properties: new Map() };
  shapes.set(metatype, shape); // before the properties, so a class that nests itself ends here
  for (const metadata of metadatas) {
    const property = shape.properties.get(metadata.propertyName) ?? {};
    shape.properties.set(metadata.propertyName, property);
    if (metadata.type === ValidationTypes.NESTED_VALIDATION) {
      const nested = defaultMetadataStorage.findTypeMetadata(metatype, metadata.propertyName)?.typeFunction();
      property.nested = dtoShape(nested) ?? undefined;
    } else if (metadata.name === 'arrayMaxSize' && typeof metadata.constraints?.[0] === 'number') {
      property.maxItems = metadata.constraints[0];
      if (typeof metadata.message === 'string' || typeof metadata.message === 'function') {
        property.maxItemsMessage = metadata.message as PropertyShape['maxItemsMessage'];
      }
    }
  }
  return shape;
}

type Frame =
  /** A value validated as a DTO: only the DTO's properties may be there. */
  | { kind: 'dto'; value: unknown; shape: DtoShape; path: string }
  /** The value of one DTO property. */
  | { kind: 'property'; value: unknown; property: PropertyShape; path: string }
  /** A value validation judges as a whole (a scalar, or a list of scalars): one level of list or object at most. */
  | { kind: 'loose'; value: unknown; path: string; level: number }
  /** A body or query without a DTO: only counted and bounded in size. */
  | { kind: 'free'; value: unknown; path: string; level: number };

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const field = (path: string, text: string): BoundsProblem => ({ error: text, fields: { [path]: text } });
const isContainer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Buffer.isBuffer(value) && !(value instanceof Date);

function tooManyItems(path: string, max: number, property?: PropertyShape): BoundsProblem {
  const name = path.slice(path.lastIndexOf('.') + 1);
  const own = property?.maxItemsMessage;
  const text =
    typeof own === 'function'
      ? own({ property: name, constraints: [max] })
      : (own ?? `${name} must contain no more than ${max} elements`);
  // As the validation pipe does, a nested field's sentence names its whole path.
  return field(path, path === name ? text : text.replace(new RegExp(`^${name}\\b`), path));
}

function unknownProperties(path: string, names: string[], total: number): BoundsProblem {
  const fields = Object.fromEntries(names.map((name) => [join(path, name), `property ${name} should not exist`]));
  const more = total - names.length;
  const sentences = Object.values(fields);
  if (more > 0) sentences.push(`and ${more.toLocaleString('en-US')} more properties that should not exist`);
  return { error: sentences.join('; '), fields };
}

/**
 * The first reason `value` holds more than the route's DTO can use, or undefined. One pass over the parsed value, no
 * recursion, stopping at the first problem: cheap whatever the value holds, so it runs before class-transformer,
 * whose cost grows with the square of an object's key count. A DTO object may hold only the DTO's properties (the
 * unknown ones are refused by name here, as the validation pipe's whitelist would refuse them later); a list at most
 * its property's @ArrayMaxSize items (else MAX_LIST_ITEMS); a property without a nested DTO at most one level of list
 * or object; and the whole value at most MAX_REQUEST_VALUES values. `path` names a single query value (`?company=`).
 */
export function findBoundsProblem(
  value: unknown,
  metatype: unknown,
  { path = '', maxValues = MAX_REQUEST_VALUES }: { path?: string; maxValues?: number } = {},
): BoundsProblem | undefined {
  const shape = dtoShape(metatype);
  const stack: Frame[] = [shape ? { kind: 'dto', value, shape, path } : { kind: 'free', value, path, level: 0 }];
  let values = 0;
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.kind !== 'property') {
      values += 1;
      if (values > maxValues) return { error: TOO_MANY_VALUES, fields: {} };
    }
    if (!isContainer(frame.value)) continue;
    const problem =
      frame.kind === 'dto' && !Array.isArray(frame.value)
        ? visitDto(frame.value as Record<string, unknown>, frame.shape, frame.path, stack)
        : frame.kind === 'property'
          ? visitProperty(frame.value, frame.property, frame.path, stack)
          : visitLoose(
              frame.value,
              frame.kind === 'free' ? 'free' : 'loose',
              frame.path,
              'level' in frame ? frame.level : 0,
              stack,
            );
    if (problem) return problem;
  }
  return undefined;
}

function visitDto(object: Record<string, unknown>, shape: DtoShape, path: string, stack: Frame[]) {
  const unknown: string[] = [];
  let unknownCount = 0;
  for (const key of Object.keys(object)) {
    const property = shape.properties.get(key);
    if (!property) {
      unknownCount += 1;
      if (unknown.length < MAX_NAMED_UNKNOWN) unknown.push(key);
    } else if (!unknownCount) {
      stack.push({ kind: 'property', value: object[key], property, path: join(path, key) });
    }
  }
  return unknownCount ? unknownProperties(path, unknown, unknownCount) : undefined;
}

function visitProperty(value: object, property: PropertyShape, path: string, stack: Frame[]) {
  const { nested } = property;
  if (!Array.isArray(value)) {
    stack.push(nested ? { kind: 'dto', value, shape: nested, path } : { kind: 'loose', value, path, level: 0 });
    return undefined;
  }
  const max = property.maxItems ?? MAX_LIST_ITEMS;
  if (value.length > max) return tooManyItems(path, max, property);
  value.forEach((item: unknown, index) =>
    stack.push(
      nested
        ? { kind: 'dto', value: item, shape: nested, path: join(path, index) }
        : { kind: 'loose', value: item, path: join(path, index), level: 1 },
    ),
  );
  return undefined;
}

/**
 * A loose value deeper than one list or object of scalars is refused (no DTO field takes one); a free value (no DTO)
 * may nest as deep as the JSON parser allows. Either holds at most MAX_LIST_ITEMS items or keys per list or object.
 */
function visitLoose(value: object, kind: 'loose' | 'free', path: string, level: number, stack: Frame[]) {
  const name = path || 'body';
  if (kind === 'loose' && level > 0) return field(name, `${name} is nested too deeply`);
  const items: unknown[] = Array.isArray(value) ? value : Object.keys(value);
  if (items.length > MAX_LIST_ITEMS) return tooManyItems(name, MAX_LIST_ITEMS);
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) =>
      stack.push({ kind, value: item, path: join(path, index), level: level + 1 }),
    );
  } else {
    const object = value as Record<string, unknown>;
    for (const key of items as string[])
      stack.push({ kind, value: object[key], path: join(path, key), level: level + 1 });
  }
  return undefined;
}
