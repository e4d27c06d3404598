import type { AcceptInvitationParams, AuthSession, Invitation, Member, MemberList, MemberRole } from '../api/types';
import { body, client } from '../api/client';

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
  getMembers: async () => (await body(client.GET('/api/protected/members'))) as MemberList,
  inviteMember: async (email, role) =>
    (await body(client.POST('/api/protected/members/invitations', { body: { email, role } }))) as Invitation,
  changeMemberRole: async (id, role) =>
    (await body(client.PATCH('/api/protected/members/{id}', { params: { path: { id } }, body: { role } }))) as Member,
  removeMember: async (id) => {
    await client.DELETE('/api/protected/members/{id}', { params: { path: { id } } });
  },
  revokeInvitation: async (id) => {
    await client.DELETE('/api/protected/members/invitations/{id}', { params: { path: { id } } });
  },
  acceptInvitation: async (params) =>
    (await body(client.POST('/api/auth/accept-invitation', { body: params }))) as AuthSession,
};
