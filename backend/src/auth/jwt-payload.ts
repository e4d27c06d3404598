import type { MemberRole } from '../common/roles.js';

export interface JwtPayload {
  /** The company the token acts for (its account's id, which every data row's `user_id` names). */
  sub: string;
  /** The person signed in. Absent from tokens issued before companies had members: then the person is `sub`. */
  mid?: string;
  /** The role at sign-in, for the browser; the server reads the current role from the session store. */
  role?: MemberRole;
  /** The person's e-mail address. */
  email: string;
  /** The `auth_sessions` row this sign-in opened; revoking it ends the token. */
  sid: string;
  exp?: number;
}
