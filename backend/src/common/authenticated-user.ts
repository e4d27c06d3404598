import type { MemberRole } from './roles.js';

/**
 * What the JWT guard puts on the request. `id` is the company every query is scoped to (the company's account:
 * every data row's `user_id`); `memberId` is the person signed in, who acts for it with `role`. For a company's
 * first owner the two ids are the same. Routes about the person (password, sign-out, who am I) read `memberId`;
 * every other route reads `id` (docs/teams.md).
 */
export interface AuthenticatedUser {
  id: string;
  /** The person's e-mail address (their own `users` row), not the company's. */
  email: string;
  /** The sign-in session the token belongs to (logout and password change end sessions). */
  sessionId: string;
  memberId: string;
  role: MemberRole;
}
