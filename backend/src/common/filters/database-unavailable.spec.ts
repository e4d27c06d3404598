import { describe, expect, it } from '@jest/globals';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset socket', withCode('ECONNRESET')],
    ['an admin shutdown', withCode('57P01')],
    ['a connection exception', withCode('08006')],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a query on a runner TypeORM released after its connection ended', new QueryRunnerAlreadyReleasedError()],
    ['a query through a released runner provider', new QueryRunnerProviderAlreadyReleasedError()],
    ['a connection the server terminated', withCode('57P01')],
    ['a client whose connection failed', new Error('Client has encountered a connection error and is not queryable')],
    [
      'a QueryFailedError over a lost connection',
      new QueryFailedError('SELECT 1', [], new Error('Connection terminated')),
    ],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('23505'))],
    ['a bad NUL byte', withCode('22021')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['not an error at all', 'Connection terminated'],
  ])('does not mistake %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
