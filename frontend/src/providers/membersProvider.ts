import type { DataProvider } from 'react-admin';
import { body, client } from '../api/client';
import type { AcceptInvitationParams, AuthSession, Invitation, Member, MemberList, MemberRole } from '../api/types';

/** The Settings page's two lists, as react-admin resources over the one members endpoint. */
export const MEMBER_RESOURCES = { members: 'members', invitations: 'member-invitations' } as const;

/** The seats a plan allows and uses: the members list hands them over as its `meta`. */
export type MemberSeats = MemberList['seats'];

/**
 * One GET answers members, invitations and seats together. The page asks for both lists at once: while a request is
 * on its way the second list shares it instead of sending its own, and the next read (after a change) asks afresh.
 */
let inFlight: Promise<MemberList> | null = null;
const readMembers = (): Promise<MemberList> => {
  if (!inFlight) {
    const request = body(client.GET('/api/protected/members')) as Promise<MemberList>;
    inFlight = request;
    const forget = () => {
      if (inFlight === request) inFlight = null;
    };
    request.then(forget, forget);
  }
  return inFlight;
};

/**
 * `members`: the company's people (read, change a role, remove). react-admin's generic record types cannot be narrowed
 * per resource, hence the casts at this boundary.
 */
export const membersResource = {
  getList: async () => {
    const list = await readMembers();
    return { data: list.members, total: list.members.length, meta: { seats: list.seats } };
  },
  update: async (_resource, params) => {
    const { role } = params.data as { role: MemberRole };
    const member = await body(
      client.PATCH('/api/protected/members/{id}', { params: { path: { id: String(params.id) } }, body: { role } }),
    );
    return { data: member as Member };
  },
  delete: async (_resource, params) => {
    await client.DELETE('/api/protected/members/{id}', { params: { path: { id: String(params.id) } } });
    return { data: params.previousData ?? { id: params.id } };
  },
} as Pick<DataProvider, 'getList' | 'update' | 'delete'>;

/** `member-invitations`: the invitations still pending (send one, revoke one). */
export const invitationsResource = {
  getList: async () => {
    const list = await readMembers();
    return { data: list.invitations, total: list.invitations.length };
  },
  create: async (_resource, params) => {
    const { email, role } = params.data as { email: string; role: MemberRole };
    return {
      data: (await body(client.POST('/api/protected/members/invitations', { body: { email, role } }))) as Invitation,
    };
  },
  delete: async (_resource, params) => {
    await client.DELETE('/api/protected/members/invitations/{id}', { params: { path: { id: String(params.id) } } });
    return { data: params.previousData ?? { id: params.id } };
  },
} as Pick<DataProvider, 'getList' | 'create' | 'delete'>;

/** Accepting an invitation is no list's change: it signs the invited person in (a named method). */
export interface MembersMethods {
  acceptInvitation: (params: AcceptInvitationParams) => Promise<AuthSession>;
}

export const membersMethods: MembersMethods = {
  acceptInvitation: async (params) =>
    (await body(client.POST('/api/auth/accept-invitation', { body: params }))) as AuthSession,
};
