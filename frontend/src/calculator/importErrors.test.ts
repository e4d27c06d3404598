import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { unreadableFileKey } from './importErrors';

const answer = (body: unknown, status = 400) => new HttpError('x', status, body);

describe('unreadableFileKey', () => {
  it('reads the server’s Russian wrong-type answer for a file named .xlsx as "could not be read"', () => {
    expect(unreadableFileKey(answer({ statusCode: 400, error: 'Разрешены только файлы .xlsx' }))).toBe(
      'calculator.excel.unreadable',
    );
  });

  it('reads the plain "Error: Failed to process file" as "could not be read"', () => {
    expect(unreadableFileKey(answer({ statusCode: 400, error: 'Error: Failed to process file' }))).toBe(
      'calculator.excel.unreadable',
    );
  });

  it('leaves an answer that lists rows with problems to the row list', () => {
    const rows = { statusCode: 400, error: 'Error: Failed to process file', errors: ['Row 2: unknown state XX'] };
    expect(unreadableFileKey(answer(rows))).toBeNull();
  });

  it('leaves other failures (another status, another sentence) to the general message', () => {
    expect(unreadableFileKey(answer({ error: 'Разрешены только файлы .xlsx' }, 503))).toBeNull();
    expect(unreadableFileKey(answer({ error: 'File must not exceed 10MB' }))).toBeNull();
    expect(unreadableFileKey(new Error('boom'))).toBeNull();
  });
});
