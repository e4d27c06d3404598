import { httpClient } from './httpClient';
import type { CalculationSession, SessionInput, SessionList } from '../api/types';

const BASE = '/api/protected/calculation-sessions';

export interface SessionsMethods {
  /** The account's most recently touched open session, if any: where another computer's work continues. */
  getLatestCalculationSession: () => Promise<CalculationSession | null>;
  getCalculationSession: (id: string) => Promise<CalculationSession>;
  createCalculationSession: (data: SessionInput) => Promise<CalculationSession>;
  updateCalculationSession: (id: string, data: SessionInput) => Promise<CalculationSession>;
}

const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const sessionsMethods: SessionsMethods = {
  getLatestCalculationSession: async () => {
    const query = new URLSearchParams({ status: 'draft', sort: '-updated_at', limit: '1', page: '1' });
    const { json } = await httpClient<SessionList>(`${BASE}?${query}`);
    const latest = json.data[0];
    return latest ? (await httpClient<CalculationSession>(path(latest.id))).json : null;
  },
  getCalculationSession: async (id) => (await httpClient<CalculationSession>(path(id))).json,
  createCalculationSession: async (data) =>
    (await httpClient<CalculationSession>(BASE, { method: 'POST', body: data })).json,
  updateCalculationSession: async (id, data) =>
    (await httpClient<CalculationSession>(path(id), { method: 'PUT', body: data })).json,
};
