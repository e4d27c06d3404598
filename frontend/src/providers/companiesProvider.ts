import type { DataProvider } from 'react-admin';
import { body, client } from '../api/client';
import type { AuthSession, ClientCompany, Company, NewClientCompany } from '../api/types';

/** The companies the signed-in person belongs to, and moving the sign-in to another of them (the top bar). */
/** The companies the signed-in person belongs to (the top bar's switcher): the server answers them all at once. */
export const COMPANIES = 'companies';

export const companiesResource = {
  getList: async () => {
    const companies = (await body(client.GET('/api/protected/companies'))).companies as Company[];
    return { data: companies, total: companies.length };
  },
} as Pick<DataProvider, 'getList'>;

export interface CompaniesMethods {
  /** Answers a session for that company, as a login does; the session that asked stays live for other tabs. */
  switchCompany: (id: string) => Promise<AuthSession>;
}

export const companiesMethods: CompaniesMethods = {
  switchCompany: async (id) =>
    (await body(client.POST('/api/protected/companies/{id}/switch', { params: { path: { id } } }))) as AuthSession,
};

/**
 * The `client-companies` resource: the preparer company's clients, overdue first, as the server orders them (the
 * list is one page: a preparer has tens of clients), and adding one.
 */
export const clientCompaniesResource = {
  getList: async () => {
    const page = await body(client.GET('/api/protected/client-companies'));
    return { data: page.data as ClientCompany[], total: page.total };
  },
  create: async (_resource, params) => {
    const { name, email, billing } = params.data as NewClientCompany;
    const company: NewClientCompany = { name, billing, ...(email ? { email } : {}) };
    return { data: (await body(client.POST('/api/protected/client-companies', { body: company }))) as ClientCompany };
  },
} as Pick<DataProvider, 'getList' | 'create'>;
