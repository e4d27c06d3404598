import { describe, expect, it, jest } from '@jest/globals';
import { DocumentCache } from './document-cache.js';

const writer = (text: string) => jest.fn(async () => Buffer.from(text));

describe('DocumentCache', () => {
  it('writes a document once for the same source and again when any part of the source changes', async () => {
    const cache = new DocumentCache(1024 * 1024);
    const first = writer('v1');
    expect((await cache.get({ report: { id: 'a', name: 'Q1' }, language: 'en' }, first)).toString()).toBe('v1');
    expect((await cache.get({ report: { id: 'a', name: 'Q1' }, language: 'en' }, first)).toString()).toBe('v1');
    expect(first).toHaveBeenCalledTimes(1);

    const renamed = writer('v2');
    expect((await cache.get({ report: { id: 'a', name: 'Q1 fixed' }, language: 'en' }, renamed)).toString()).toBe('v2');
    const russian = writer('v3');
    expect((await cache.get({ report: { id: 'a', name: 'Q1 fixed' }, language: 'ru' }, russian)).toString()).toBe('v3');
    expect(renamed).toHaveBeenCalledTimes(1);
    expect(russian).toHaveBeenCalledTimes(1);
  });

  it('writes a document once when several ask for it at the same moment', async () => {
    const cache = new DocumentCache(1024 * 1024);
    const write = writer('once');
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get({ id: 'same' }, write)));
    expect(all.map(String)).toEqual(Array(5).fill('once'));
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('drops the least recently used documents past its size and keeps nothing when its size is 0', async () => {
    const small = new DocumentCache(10);
    const a = writer('aaaaaa');
    await small.get('a', a);
    await small.get('b', writer('bbbbbb'));
    await small.get('a', a);
    expect(a).toHaveBeenCalledTimes(2);

    const off = new DocumentCache(0);
    const write = writer('x');
    await off.get('same', write);
    await off.get('same', write);
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed write: the next request tries again', async () => {
    const cache = new DocumentCache(1024);
    await expect(cache.get('k', async () => Promise.reject(new Error('worker ended')))).rejects.toThrow('worker ended');
    expect((await cache.get('k', writer('ok'))).toString()).toBe('ok');
  });
});
