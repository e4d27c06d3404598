import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';
import type { AuthSession, ClientCompany, Company, NewClientCompany } from '../api/types';

const COMPANIES = '/api/protected/companies';
const CLIENTS = '/api/protected/client-companies';

/** The companies the signed-in person belongs to, and moving the sign-in to another of them (the top bar). */
export interface CompaniesMethods {
  getCompanies: () => Promise<Company[]>;
  /** Answers a session for that company, as a login does; the session that asked ends. */
  switchCompany: (id: string) => Promise<AuthSession>;
}

export const companiesMethods: CompaniesMethods = {
  getCompanies: async () => (await httpClient<{ companies: Company[] }>(COMPANIES)).json.companies,
  switchCompany: async (id) =>
    (await httpClient<AuthSession>(`${COMPANIES}/${encodeURIComponent(id)}/switch`, { method: 'POST' })).json,
};

/**
 * The `client-companies` resource: the preparer company's clients, overdue first, as the server orders them (the
 * list is one page: a preparer has tens of clients), and adding one.
 */
export const clientCompaniesResource = {
  getList: async () => {
    const { json } = await httpClient<{ data: ClientCompany[]; total: number }>(CLIENTS);
    return { data: json.data, total: json.total };
  },
  create: async (_resource, params) => {
    const { name, email, billing } = params.data as NewClientCompany;
    const body: NewClientCompany = { name, billing, ...(email ? { email } : {}) };
    return { data: (await httpClient<ClientCompany>(CLIENTS, { method: 'POST', body })).json };
  },
} as Pick<DataProvider, 'getList' | 'create'>;
