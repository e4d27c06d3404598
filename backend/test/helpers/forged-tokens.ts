import { createHmac } from 'node:crypto';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** An HS256 token as the app would sign it, with whatever claims the test wants (an `exp` in the past, …). */
export function signHs256(secret: string, claims: object): string {
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/**
 * Tokens that must all be refused, each named for the attack it stands for. `valid` is a real token of the
 * account; `secret` the app's signing key (only to make the expired token, which is otherwise well signed).
 */
export function forgedTokens(valid: string, secret: string, userId: string): Record<string, string> {
  const [header, payload, signature] = valid.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
  return {
    'a tampered signature': `${header}.${payload}.${flipped}`,
    'a tampered payload': `${header}.${encode({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
    'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp: now() + 3600 })}.`,
    'an expired token': signHs256(secret, { sub: userId, email: claims.email, iat: now() - 7200, exp: now() - 3600 }),
    'another key': signHs256('not-the-app-secret-not-the-app-secret-0000', { ...claims, exp: now() + 3600 }),
    garbage: 'not.a.jwt',
  };
}
