import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../config/app-config.js';
import { DEVICE_COOKIE, DEVICE_KNOWN_MS, DeviceCookies } from './device-cookies.js';

const devices = (secret = 'a'.repeat(32)) => new DeviceCookies({ jwtSecret: secret } as AppConfig);
const header = (value: string) => `theme=dark; ${DEVICE_COOKIE}=${value}; other=1`;
const NOW = 1_800_000_000_000;

describe('DeviceCookies', () => {
  it('knows the device for the address it signed in to, in any letter case, and for no other', () => {
    const d = devices();
    const value = d.issue(undefined, 'Owner@Example.com', NOW);
    const id = value.split('.')[0];
    expect(d.knownDevice(header(value), 'owner@example.com', NOW)).toBe(id);
    expect(d.knownDevice(header(value), 'someone@example.com', NOW)).toBeNull();
    expect(d.knownDevice(undefined, 'owner@example.com', NOW)).toBeNull();
  });

  it('refuses another secret, an expiry moved, and an expired entry', () => {
    const value = devices().issue(undefined, 'owner@example.com', NOW);
    expect(devices('b'.repeat(32)).knownDevice(header(value), 'owner@example.com', NOW)).toBeNull();
    const [id, entry] = value.split('.');
    const [expires, tag] = entry!.split('~');
    const moved = `${id}.${(parseInt(expires!, 36) + 1000).toString(36)}~${tag}`;
    expect(devices().knownDevice(header(moved), 'owner@example.com', NOW)).toBeNull();
    expect(devices().knownDevice(header(value), 'owner@example.com', NOW + DEVICE_KNOWN_MS + 1)).toBeNull();
  });

  it('keeps one device id and one entry per address across sign-ins, at most 8 addresses', () => {
    const d = devices();
    let value = d.issue(undefined, 'a@example.com', NOW);
    const id = value.split('.')[0];
    value = d.issue(header(value), 'a@example.com', NOW + 1);
    expect(value.split('.')).toHaveLength(2);
    for (let i = 0; i < 10; i += 1) value = d.issue(header(value), `u${i}@example.com`, NOW + 2 + i);
    expect(value.split('.')[0]).toBe(id);
    expect(value.split('.')).toHaveLength(9);
    expect(d.knownDevice(header(value), 'u9@example.com', NOW + 20)).toBe(id);
    expect(d.knownDevice(header(value), 'a@example.com', NOW + 20)).toBeNull();
  });

  it('reads nothing from a malformed or oversized cookie', () => {
    const d = devices();
    for (const junk of ['', 'x', '.', '...', `${'A'.repeat(22)}.zz~short`, 'A'.repeat(5000), '%00%ff;;=']) {
      expect(d.knownDevice(header(junk), 'owner@example.com', NOW)).toBeNull();
      expect(() => d.issue(header(junk), 'owner@example.com', NOW)).not.toThrow();
    }
  });
});
