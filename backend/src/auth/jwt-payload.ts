export interface JwtPayload {
  sub: string;
  email: string;
  /** The `auth_sessions` row this sign-in opened; revoking it ends the token. */
  sid: string;
  exp?: number;
}
