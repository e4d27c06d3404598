import bcrypt from 'bcryptjs';

export const MIN_PASSWORD_LENGTH = 6;
const COST = Number(process.env.BCRYPT_COST ?? 10);

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);
export const verifyPassword = (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash);

/** Compared against when the email is unknown, so a wrong email costs as long as a wrong password. */
export const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);
