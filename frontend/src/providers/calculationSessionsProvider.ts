import { body, client } from '../api/client';
import type { CalculationSession, SessionInput } from '../api/types';

export interface SessionsMethods {
  /**
   * The most recently touched open session named `name` (the calculator names a session after the work it holds),
   * or, with `orUnnamed`, one without a name (written before sessions were named).
   */
  findCalculationSession: (name: string, orUnnamed?: boolean) => Promise<CalculationSession | null>;
  getCalculationSession: (id: string) => Promise<CalculationSession>;
  createCalculationSession: (data: SessionInput) => Promise<CalculationSession>;
  updateCalculationSession: (id: string, data: SessionInput) => Promise<CalculationSession>;
}

const one = (id: string) => body(client.GET('/api/protected/calculation-sessions/{id}', { params: { path: { id } } }));

const openSessions = async (search?: string) => {
  const query = { status: 'draft', sort: '-updated_at', limit: 20, page: 1, ...(search ? { search } : {}) } as const;
  return (await body(client.GET('/api/protected/calculation-sessions', { params: { query } }))).data;
};

export const sessionsMethods: SessionsMethods = {
  findCalculationSession: async (name, orUnnamed = false) => {
    const named = (await openSessions(name)).find((session) => session.name === name);
    const found = named ?? (orUnnamed ? (await openSessions()).find((session) => session.name === '') : undefined);
    return found ? one(found.id) : null;
  },
  getCalculationSession: one,
  createCalculationSession: (data) => body(client.POST('/api/protected/calculation-sessions', { body: data })),
  updateCalculationSession: (id, data) =>
    body(client.PUT('/api/protected/calculation-sessions/{id}', { params: { path: { id } }, body: data })),
};
