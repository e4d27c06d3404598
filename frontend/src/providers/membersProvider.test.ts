import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { invitationsResource, membersResource } from './membersProvider';
import { answer, stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

/** The typed client hands fetch a Request. */
const request = (call: number) => fetchStub.mock.mock.calls[call][0] as Request;
const list = { pagination: { page: 1, perPage: 25 } } as GetListParams;
const seats = { used: 2, limit: 3, plan: 'Fleet' };
const everything = {
  members: [{ id: 'm1', email: 'a@x.test', role: 'owner' }],
  invitations: [{ id: 'i1', email: 'b@x.test', role: 'viewer' }],
  seats,
};

describe('the members and member-invitations resources', () => {
  it('answer both lists, and the seats as the members list meta, from one request when read together', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(everything));
    const [people, pending] = await Promise.all([
      membersResource.getList('members', list),
      invitationsResource.getList('member-invitations', list),
    ]);
    expect(fetchStub.mock).toHaveBeenCalledTimes(1);
    expect(new URL(request(0).url).pathname).toBe('/api/protected/members');
    expect(people).toEqual({ data: everything.members, total: 1, meta: { seats } });
    expect(pending).toEqual({ data: everything.invitations, total: 1 });
  });

  it('asks again for a read after the last one has answered (a change shows)', async () => {
    fetchStub.mock
      .mockResolvedValueOnce(answer(everything))
      .mockResolvedValueOnce(answer({ ...everything, members: [] }));
    await membersResource.getList('members', list);
    const again = await membersResource.getList('members', list);
    expect(fetchStub.mock).toHaveBeenCalledTimes(2);
    expect(again.data).toEqual([]);
  });

  it('changes a role with PATCH on the member, sending the role alone', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ id: 'm 2', email: 'c@x.test', role: 'admin' }));
    const { data } = await membersResource.update('members', {
      id: 'm 2',
      data: { role: 'admin', email: 'c@x.test' },
      previousData: { id: 'm 2' },
    });
    expect(request(0).method).toBe('PATCH');
    expect(new URL(request(0).url).pathname).toBe('/api/protected/members/m%202');
    expect(await request(0).json()).toEqual({ role: 'admin' });
    expect(data).toMatchObject({ id: 'm 2', role: 'admin' });
  });

  it('sends an invitation with its address and role, and revokes one by its id', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ id: 'i2', email: 'd@x.test', role: 'viewer' }));
    fetchStub.mock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await invitationsResource.create('member-invitations', { data: { email: 'd@x.test', role: 'viewer' } });
    expect(request(0).method).toBe('POST');
    expect(await request(0).json()).toEqual({ email: 'd@x.test', role: 'viewer' });
    const removed = await invitationsResource.delete('member-invitations', { id: 'i2', previousData: { id: 'i2' } });
    expect(request(1).method).toBe('DELETE');
    expect(new URL(request(1).url).pathname).toBe('/api/protected/members/invitations/i2');
    expect(removed.data).toEqual({ id: 'i2' });
  });
});
