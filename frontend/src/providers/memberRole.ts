import type { MemberRole } from '../api/types';
import { getStoredUser } from './authSession';

/** From least to most; the server's RolesGuard decides, the screens only hide what a role cannot do. */
export const MEMBER_ROLES: readonly MemberRole[] = ['viewer', 'bookkeeper', 'admin', 'owner'];

export const roleAtLeast = (role: MemberRole, needed: MemberRole): boolean =>
  MEMBER_ROLES.indexOf(role) >= MEMBER_ROLES.indexOf(needed);

/**
 * The signed-in person's role in their company. A user stored before companies had members has none: such a
 * browser signed in as the account itself, its owner.
 */
export const currentRole = (): MemberRole => getStoredUser()?.role ?? 'owner';

/** Whether the signed-in person may do what `needed` may (bookkeeper: write; admin: members; owner: billing). */
export const useCan = (needed: MemberRole): boolean => roleAtLeast(currentRole(), needed);
