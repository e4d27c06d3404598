import { httpClient } from './httpClient';
import type { CalculationSession, SessionInput, SessionList } from '../api/types';

const BASE = '/api/protected/calculation-sessions';

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

const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

const openSessions = async (search?: string) => {
  const query = new URLSearchParams({ status: 'draft', sort: '-updated_at', limit: '20', page: '1' });
  if (search) query.set('search', search);
  return (await httpClient<SessionList>(`${BASE}?${query}`)).json.data;
};

export const sessionsMethods: SessionsMethods = {
  findCalculationSession: async (name, orUnnamed = false) => {
    const named = (await openSessions(name)).find((session) => session.name === name);
    const found = named ?? (orUnnamed ? (await openSessions()).find((session) => session.name === '') : undefined);
    return found ? (await httpClient<CalculationSession>(path(found.id))).json : null;
  },
  getCalculationSession: async (id) => (await httpClient<CalculationSession>(path(id))).json,
  createCalculationSession: async (data) =>
    (await httpClient<CalculationSession>(BASE, { method: 'POST', body: data })).json,
  updateCalculationSession: async (id, data) =>
    (await httpClient<CalculationSession>(path(id), { method: 'PUT', body: data })).json,
};
