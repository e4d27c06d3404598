import bcrypt from 'bcrypt';

export const MIN_PASSWORD_LENGTH = 6;
const COST = Number(process.env.BCRYPT_COST ?? 10);

/**
 * Native bcrypt: `hash` and `compare` run on libuv's thread pool, so a login never stalls other requests (DESIGN.md,
 * "Work that must not block"). It reads the `$2a$` and `$2b$` hashes that bcryptjs wrote before, so no rehash is needed.
 */
export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);
export const verifyPassword = (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash);

/** Compared against when the email is unknown, so a wrong email costs as long as a wrong password. */
export const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);
