/** What the JWT guard puts on the request: the account every query is scoped to. */
export interface AuthenticatedUser {
  id: string;
  email: string;
}
