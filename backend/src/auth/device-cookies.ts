import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** The cookie a browser gets once it signed in: which accounts it proved it knows the password of, and until when. */
export const DEVICE_COOKIE = 'ifta_device';
/** How long a browser stays known to an account after its last sign-in there (each sign-in renews it). */
export const DEVICE_KNOWN_MS = 90 * 24 * 60 * 60_000;
/** Accounts one browser is known to at once; the oldest sign-in drops out past this (a shared office PC). */
const ACCOUNTS_PER_DEVICE = 8;
/** Longer is no cookie of ours: it is ignored unread, so a huge header costs nothing to look at. */
const MAX_COOKIE_CHARS = 1024;

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ENTRY = /^([0-9a-z]{1,12})~([A-Za-z0-9_-]{22})$/;

/** The cookie's value in a Cookie header, or null (the header is read by hand: no cookie parser is installed). */
function cookieValue(header: string | undefined): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return value.length <= MAX_COOKIE_CHARS ? value : null;
  }
  return null;
}

interface Parsed {
  deviceId: string;
  entries: Array<{ expires: number; tag: string; raw: string }>;
}

function parse(value: string | null): Parsed | null {
  if (!value) return null;
  const [deviceId, ...rest] = value.split('.');
  if (!DEVICE_ID.test(deviceId ?? '')) return null;
  const entries = rest.slice(0, ACCOUNTS_PER_DEVICE).flatMap((raw) => {
    const match = ENTRY.exec(raw);
    return match ? [{ expires: parseInt(match[1], 36), tag: match[2], raw }] : [];
  });
  return { deviceId: deviceId!, entries };
}

/**
 * Known devices (docs/security.md, Sign-in cannot be used against the owner): a browser that signed in to an account
 * gets an httpOnly cookie naming a random device id and, per account, an expiry and an HMAC of (device, e-mail,
 * expiry) under a key derived from JWT_SECRET. Presented with that e-mail's sign-in, it proves the browser signed in
 * there before, and the sign-in gets the device's own failure budget instead of the one unknown clients share, which
 * an attacker can use up. Nothing is stored on the server: a forged tag, another address's tag or an expired one
 * proves nothing, and the budget of the unknown clients applies.
 */
@Injectable()
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A key of its own: a device tag can never be mistaken for a token signature, nor the reverse.
    this.key = createHmac('sha256', config.jwtSecret).update('ifta_device cookie key v1').digest();
  }

  /** The id of the device the Cookie header proves signed in to `email` (and not expired), or null. */
  knownDevice(cookieHeader: string | undefined, email: string, now = Date.now()): string | null {
    const parsed = parse(cookieValue(cookieHeader));
    if (!parsed) return null;
    const address = email.toLowerCase();
    for (const entry of parsed.entries) {
      if (entry.expires <= now) continue;
      const expected = Buffer.from(this.tag(parsed.deviceId, address, entry.expires));
      const given = Buffer.from(entry.tag);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return parsed.deviceId;
    }
    return null;
  }

  /**
   * The cookie's value after `email` signed in on this browser: its device id kept (a new one when it has none), this
   * account's entry renewed, the other accounts' entries kept until they expire or fall past the most a device holds.
   */
  issue(cookieHeader: string | undefined, email: string, now = Date.now()): string {
    const address = email.toLowerCase();
    const parsed = parse(cookieValue(cookieHeader));
    const deviceId = parsed?.deviceId ?? randomBytes(16).toString('base64url');
    // This account's older entry is replaced, expired ones dropped.
    const others = (parsed?.entries ?? []).filter(
      (entry) => entry.expires > now && entry.tag !== this.tag(deviceId, address, entry.expires),
    );
    const expires = now + DEVICE_KNOWN_MS;
    const entry = `${expires.toString(36)}~${this.tag(deviceId, address, expires)}`;
    return [deviceId, ...others.slice(-(ACCOUNTS_PER_DEVICE - 1)).map((other) => other.raw), entry].join('.');
  }

  private tag(deviceId: string, email: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${deviceId}\n${email}\n${expires}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
