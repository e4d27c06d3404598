/** What the JWT guard puts on the request: the account every query is scoped to. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  /** The sign-in session the token belongs to (logout and password change end sessions). */
  sessionId: string;
}
