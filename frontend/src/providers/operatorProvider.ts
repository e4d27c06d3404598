import { HttpError, type DataProvider, type GetListParams } from 'react-admin';
import { httpClient } from './httpClient';
import { uploadForm } from './fileTransfer';
import { OPERATOR_RESOURCES } from './operatorResources';
import type {
  InterestRatePeriod,
  InterestRatePeriodPayload,
  InterestRates,
  MatrixCheck,
  MatrixPreview,
  MatrixRunPage,
  OperatorAccountPage,
  OfficialMatrixDetail,
  OfficialMatrixPage,
  OperatorAccess,
  PublishOutcome,
  GivenUpMailPage,
} from '../api/types';

const OPERATOR = '/api/operator';

export { OPERATOR_RESOURCES };

/** The server's page size ceiling for the operator's lists. */
const MAX_LIMIT = 100;

const pageQuery = (params: Partial<GetListParams>, extra: Record<string, string | undefined> = {}) => {
  const query = new URLSearchParams({
    page: String(params.pagination?.page ?? 1),
    limit: String(Math.min(params.pagination?.perPage ?? 10, MAX_LIMIT)),
  });
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  return query;
};

/** What the upload form sends for a matrix: `quarter` such as 'Q3-2026' and the CSV as `file`. */
export interface MatrixUpload {
  quarter: string;
  file: File;
}

const matrixForm = ({ quarter, file }: MatrixUpload) => {
  const form = new FormData();
  form.append('quarter', quarter);
  form.append('file', file);
  return form;
};

const ignoreProgress = () => undefined;

/** An interest period as a react-admin record: a period is named by the day it starts. */
export type InterestRatePeriodRecord = InterestRatePeriod & { id: string };

/** The interest list's meta: the years from 2013 on that no period covers. */
export interface InterestRatesMeta {
  missing_years: number[];
}

const periodPayload = (data: Partial<InterestRatePeriodPayload>): InterestRatePeriodPayload => ({
  effective_to: String(data.effective_to ?? ''),
  annual_rate: Number(data.annual_rate),
  source: String(data.source ?? ''),
});

const savePeriod = async (from: string, data: Partial<InterestRatePeriodPayload>) => {
  const { json } = await httpClient<InterestRatePeriod>(`${OPERATOR}/interest-rates/${encodeURIComponent(from)}`, {
    method: 'PUT',
    body: periodPayload(data),
  });
  return { ...json, id: json.effective_from };
};

/**
 * The console's CRUD on the operator endpoints and their envelopes. react-admin's generic record types cannot be
 * narrowed per resource, hence the casts at this boundary.
 */
export const operatorResources: Record<string, Partial<DataProvider>> = {
  [OPERATOR_RESOURCES.matrices]: {
    getList: async (_resource, params) => {
      const { json } = await httpClient<OfficialMatrixPage>(`${OPERATOR}/rate-matrices?${pageQuery(params)}`);
      return { data: json.data, total: json.pagination.total };
    },
    getOne: async (_resource, params) => ({
      data: (await httpClient<OfficialMatrixDetail>(`${OPERATOR}/rate-matrices/${encodeURIComponent(params.id)}`)).json,
    }),
    /** Publishing a file: the server answers the version now in force (or the same one, when unchanged). */
    create: async (_resource, params) => {
      const outcome = await uploadForm<PublishOutcome>(
        `${OPERATOR}/rate-matrices`,
        matrixForm(params.data as MatrixUpload),
        ignoreProgress,
      );
      return { data: { ...outcome.matrix, outcome: outcome.outcome } };
    },
  } as Partial<DataProvider>,
  [OPERATOR_RESOURCES.runs]: {
    getList: async (_resource, params) => {
      const outcome = (params.filter as { outcome?: string } | undefined)?.outcome;
      const { json } = await httpClient<MatrixRunPage>(
        `${OPERATOR}/rate-matrix-runs?${pageQuery(params, { outcome })}`,
      );
      return { data: json.data, total: json.pagination.total };
    },
  } as Partial<DataProvider>,
  [OPERATOR_RESOURCES.accounts]: {
    getList: async (_resource, params) => {
      const search = (params.filter as { q?: string } | undefined)?.q?.trim();
      const { json } = await httpClient<OperatorAccountPage>(`${OPERATOR}/accounts?${pageQuery(params, { search })}`);
      return { data: json.data, total: json.pagination.total };
    },
  } as Partial<DataProvider>,
  [OPERATOR_RESOURCES.interestRates]: {
    // The server answers every period at once (a dozen or so): paging them would hide the gaps.
    getList: async () => {
      const { json } = await httpClient<InterestRates>(`${OPERATOR}/interest-rates`);
      const meta: InterestRatesMeta = { missing_years: json.missing_years };
      return {
        data: json.periods.map((period) => ({ ...period, id: period.effective_from })),
        total: json.periods.length,
        meta,
      };
    },
    create: async (_resource, params) => {
      const data = params.data as Partial<InterestRatePeriod & InterestRatePeriodPayload>;
      return { data: await savePeriod(String(data.effective_from ?? ''), data) };
    },
    update: async (_resource, params) => ({ data: await savePeriod(String(params.id), params.data) }),
    delete: async (_resource, params) => {
      await httpClient(`${OPERATOR}/interest-rates/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      return { data: params.previousData ?? { id: params.id } };
    },
  } as Partial<DataProvider>,
};

/** The console's calls beyond CRUD (docs/style.md: named dataProvider methods). */
export interface OperatorMethods {
  /** Whether the signed-in account is a platform operator: a 403 is a plain no, anything else fails. */
  isOperator: () => Promise<boolean>;
  previewOfficialMatrix: (upload: MatrixUpload) => Promise<MatrixPreview>;
  /** "Check now": the updater's checks, or a 409 HttpError whose message says why it did not run. */
  checkMatrixUpdates: () => Promise<MatrixCheck[]>;
  /** The e-mails the sender gave up on, newest first (the console's alert). */
  getGivenUpMail: () => Promise<GivenUpMailPage>;
  /** Puts a given-up e-mail back in the queue. */
  retryGivenUpMail: (id: string) => Promise<unknown>;
}

export const operatorMethods: OperatorMethods = {
  isOperator: async () => {
    try {
      return (await httpClient<OperatorAccess>(`${OPERATOR}/me`)).json.operator === true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) return false;
      throw error;
    }
  },
  previewOfficialMatrix: (upload) =>
    uploadForm<MatrixPreview>(`${OPERATOR}/rate-matrices/preview`, matrixForm(upload), ignoreProgress),
  checkMatrixUpdates: async () =>
    (await httpClient<MatrixCheck[]>(`${OPERATOR}/rate-matrix-runs`, { method: 'POST' })).json,
  getGivenUpMail: async () => (await httpClient<GivenUpMailPage>(`${OPERATOR}/mail-failures?limit=5`)).json,
  retryGivenUpMail: async (id) =>
    (await httpClient(`${OPERATOR}/mail-failures/${encodeURIComponent(id)}/retry`, { method: 'POST' })).json,
};
