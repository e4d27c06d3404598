import { CreateAccounts1763800000000 } from './1763800000000-create-accounts.js';

/** Every migration, oldest first. Listed by hand so the same list works in the build and under Jest. */
export const migrations = [CreateAccounts1763800000000];
