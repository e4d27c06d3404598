import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNumber, IsOptional, IsString, IsUUID, ValidateNested } from 'class-validator';
import { findBoundsProblem, MAX_LIST_ITEMS, TOO_MANY_VALUES } from './request-bounds.js';

class LineDto {
  @IsString() code: string;
  @IsNumber() miles: number;
}

class BodyDto {
  @IsString() name: string;
  @IsOptional() @IsUUID('4', { each: true }) @IsArray() ids?: string[];
  @ValidateNested({ each: true })
  @ArrayMaxSize(3, { message: 'lines must hold at most 3 lines' })
  @IsArray()
  @Type(() => LineDto)
  lines: LineDto[];
}

const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));

describe('findBoundsProblem', () => {
  it('passes a body the DTO can use', () => {
    expect(findBoundsProblem({ name: 'a', ids: ['x', 'y'], lines: [{ code: 'TX', miles: 1 }] }, BodyDto)).toBe(
      undefined,
    );
  });

  it('names the first five unknown properties and counts the rest, at the top and in a nested item', () => {
    expect(findBoundsProblem({ name: 'a', ...keys(130_000) }, BodyDto)).toEqual({
      error:
        'property k0 should not exist; property k1 should not exist; property k2 should not exist; ' +
        'property k3 should not exist; property k4 should not exist; and 129,995 more properties that should not exist',
      fields: {
        k0: 'property k0 should not exist',
        k1: 'property k1 should not exist',
        k2: 'property k2 should not exist',
        k3: 'property k3 should not exist',
        k4: 'property k4 should not exist',
      },
    });
    expect(findBoundsProblem({ name: 'a', lines: [{ code: 'TX', role: 'admin' }] }, BodyDto)).toEqual({
      error: 'property role should not exist',
      fields: { 'lines.0.role': 'property role should not exist' },
    });
  });

  it("bounds a list by its property's @ArrayMaxSize, with its message, else by MAX_LIST_ITEMS", () => {
    const line = { code: 'TX', miles: 1 };
    expect(findBoundsProblem({ lines: [line, line, line, line] }, BodyDto)).toEqual({
      error: 'lines must hold at most 3 lines',
      fields: { lines: 'lines must hold at most 3 lines' },
    });
    const ids = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => 'x');
    expect(findBoundsProblem({ ids }, BodyDto)?.fields).toEqual({
      ids: `ids must contain no more than ${MAX_LIST_ITEMS} elements`,
    });
  });

  it('refuses nesting that no field takes, naming the field', () => {
    expect(findBoundsProblem({ name: [['a']] }, BodyDto)).toEqual({
      error: 'name.0 is nested too deeply',
      fields: { 'name.0': 'name.0 is nested too deeply' },
    });
    expect(findBoundsProblem({ name: { a: { b: 1 } } }, BodyDto)?.fields).toEqual({
      'name.a': 'name.a is nested too deeply',
    });
    // One level is left to validation, which says what the field must be.
    expect(findBoundsProblem({ name: { a: 1 } }, BodyDto)).toBe(undefined);
  });

  it('counts every value, with or without a DTO', () => {
    const wide = { rows: Array.from({ length: 20 }, () => Array.from({ length: 20 }, () => 1)) };
    expect(findBoundsProblem(wide, undefined, { maxValues: 400 })).toEqual({ error: TOO_MANY_VALUES, fields: {} });
    expect(findBoundsProblem(wide, undefined, { maxValues: 500 })).toBe(undefined);
    expect(findBoundsProblem(keys(MAX_LIST_ITEMS + 1), Object)?.error).toBe(
      `body must contain no more than ${MAX_LIST_ITEMS} elements`,
    );
    const repeated = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => 'acme');
    expect(findBoundsProblem(repeated, String, { path: 'company' })?.fields).toEqual({
      company: `company must contain no more than ${MAX_LIST_ITEMS} elements`,
    });
  });
});
