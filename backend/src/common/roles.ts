/**
 * What a member of a company may do, from least to most (docs/teams.md): a viewer reads and
 * downloads; a bookkeeper also keeps the reports, records, rates and exports; an admin also manages members and
 * settings; an owner also pays (billing) and may make or unmake owners.
 */
export const MEMBER_ROLES = ['viewer', 'bookkeeper', 'admin', 'owner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);

/** Whether `role` may do what `needed` may. */
export const roleAtLeast = (role: MemberRole, needed: MemberRole): boolean =>
  MEMBER_ROLES.indexOf(role) >= MEMBER_ROLES.indexOf(needed);
