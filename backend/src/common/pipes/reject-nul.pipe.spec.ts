import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { NUL_REFUSED, RejectNulPipe } from './reject-nul.pipe.js';

const pipe = new RejectNulPipe();
const refusal = (value: unknown, data?: string) => {
  try {
    pipe.transform(value, { type: 'body', data });
  } catch (error) {
    return (error as BadRequestException).getResponse();
  }
  return undefined;
};

describe('RejectNulPipe', () => {
  it('passes values without NUL through unchanged', () => {
    const value = { name: "O'Brien %_", rows: [{ name: 'TX', miles: 1 }], file: Buffer.from([0]) };
    expect(pipe.transform(value, { type: 'body' })).toBe(value);
  });

  it('names the nested field that holds a NUL', () => {
    expect(refusal({ rows: [{ name: 'T\u0000X' }] })).toEqual({
      error: `rows.0.name: ${NUL_REFUSED}`,
      fields: { 'rows.0.name': NUL_REFUSED },
    });
  });

  it('refuses a NUL in a key and in a single named query value', () => {
    expect(refusal({ 'a\u0000': 1 })).toBeDefined();
    expect(refusal('acme\u0000', 'company')).toMatchObject({ fields: { company: NUL_REFUSED } });
  });
});
