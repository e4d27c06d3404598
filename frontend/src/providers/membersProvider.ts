import type { AcceptInvitationParams, AuthSession, Invitation, Member, MemberList, MemberRole } from '../api/types';
import { httpClient } from './httpClient';

const MEMBERS = '/api/protected/members';

/** The company's members and invitations (Settings), and accepting an invitation (a signed-out page). */
export interface MembersMethods {
  getMembers: () => Promise<MemberList>;
  inviteMember: (email: string, role: MemberRole) => Promise<Invitation>;
  changeMemberRole: (id: string, role: MemberRole) => Promise<Member>;
  removeMember: (id: string) => Promise<void>;
  revokeInvitation: (id: string) => Promise<void>;
  /** Joins the invitation's company; answers a session to sign in with. */
  acceptInvitation: (params: AcceptInvitationParams) => Promise<AuthSession>;
}

export const membersMethods: MembersMethods = {
  getMembers: async () => (await httpClient<MemberList>(MEMBERS)).json,
  inviteMember: async (email, role) =>
    (await httpClient<Invitation>(`${MEMBERS}/invitations`, { method: 'POST', body: { email, role } })).json,
  changeMemberRole: async (id, role) =>
    (await httpClient<Member>(`${MEMBERS}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } })).json,
  removeMember: async (id) => {
    await httpClient(`${MEMBERS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
  revokeInvitation: async (id) => {
    await httpClient(`${MEMBERS}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
  acceptInvitation: async (params) =>
    (await httpClient<AuthSession>('/api/auth/accept-invitation', { method: 'POST', body: params })).json,
};
