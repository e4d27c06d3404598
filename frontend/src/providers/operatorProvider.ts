import { HttpError, type DataProvider, type GetListParams } from 'react-admin';
import { body, client } from '../api/client';
import { uploadForm } from './fileTransfer';
import { OPERATOR_RESOURCES } from './operatorResources';
import type { paths } from '../api/schema';
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

/** A list's page and page size; the typed client leaves out any extra parameter that is undefined. */
const pageQuery = (params: Partial<GetListParams>) => ({
  page: params.pagination?.page ?? 1,
  limit: Math.min(params.pagination?.perPage ?? 10, MAX_LIMIT),
});

type RunOutcome = NonNullable<
  NonNullable<paths['/api/operator/rate-matrix-runs']['get']['parameters']['query']>['outcome']
>;

/**
 * What the upload form sends for a matrix: `quarter` such as 'Q3-2026', the CSV as `file`, and the operator's
 * `reason` when the file removes rates (without one such a file is held for review).
 */
export interface MatrixUpload {
  quarter: string;
  file: File;
  reason?: string;
}

const matrixForm = ({ quarter, file, reason }: MatrixUpload) => {
  const form = new FormData();
  form.append('quarter', quarter);
  if (reason) form.append('reason', reason);
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
  const json = (await body(
    client.PUT('/api/operator/interest-rates/{effective_from}', {
      params: { path: { effective_from: from } },
      body: periodPayload(data),
    }),
  )) as InterestRatePeriod;
  return { ...json, id: json.effective_from };
};

/**
 * The console's CRUD on the operator endpoints and their envelopes. react-admin's generic record types cannot be
 * narrowed per resource, hence the casts at this boundary.
 */
export const operatorResources: Record<string, Partial<DataProvider>> = {
  [OPERATOR_RESOURCES.matrices]: {
    getList: async (_resource, params) => {
      const json = (await body(
        client.GET('/api/operator/rate-matrices', { params: { query: pageQuery(params) } }),
      )) as OfficialMatrixPage;
      return { data: json.data, total: json.pagination.total };
    },
    getOne: async (_resource, params) => ({
      data: (await body(
        client.GET('/api/operator/rate-matrices/{id}', { params: { path: { id: String(params.id) } } }),
      )) as OfficialMatrixDetail,
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
      const outcome = (params.filter as { outcome?: RunOutcome } | undefined)?.outcome || undefined;
      const json = (await body(
        client.GET('/api/operator/rate-matrix-runs', { params: { query: { ...pageQuery(params), outcome } } }),
      )) as MatrixRunPage;
      return { data: json.data, total: json.pagination.total };
    },
  } as Partial<DataProvider>,
  [OPERATOR_RESOURCES.accounts]: {
    getList: async (_resource, params) => {
      const search = (params.filter as { q?: string } | undefined)?.q?.trim();
      const json = (await body(
        client.GET('/api/operator/accounts', {
          params: { query: { ...pageQuery(params), search: search || undefined } },
        }),
      )) as OperatorAccountPage;
      return { data: json.data, total: json.pagination.total };
    },
  } as Partial<DataProvider>,
  [OPERATOR_RESOURCES.mailFailures]: {
    getList: async (_resource, params) => {
      const json = (await body(
        client.GET('/api/operator/mail-failures', { params: { query: pageQuery(params) } }),
      )) as GivenUpMailPage;
      return { data: json.data, total: json.pagination.total };
    },
  } as Partial<DataProvider>,
  [OPERATOR_RESOURCES.interestRates]: {
    // The server answers every period at once (a dozen or so): paging them would hide the gaps.
    getList: async () => {
      const json = (await body(client.GET('/api/operator/interest-rates'))) as InterestRates;
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
      await client.DELETE('/api/operator/interest-rates/{effective_from}', {
        params: { path: { effective_from: String(params.id) } },
      });
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
  /** Puts a given-up e-mail back in the queue. */
  retryGivenUpMail: (id: string) => Promise<unknown>;
  /** Publishes a held matrix version (one that removes rates) for every account, with the operator's reason. */
  publishHeldMatrix: (id: string, reason: string) => Promise<PublishOutcome>;
  /** Brings an earlier matrix version back as its quarter's newest, with the operator's reason. */
  restoreMatrix: (id: string, reason: string) => Promise<PublishOutcome>;
}

export const operatorMethods: OperatorMethods = {
  isOperator: async () => {
    try {
      return ((await body(client.GET('/api/operator/me'))) as OperatorAccess).operator === true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) return false;
      throw error;
    }
  },
  previewOfficialMatrix: (upload) =>
    uploadForm<MatrixPreview>(`${OPERATOR}/rate-matrices/preview`, matrixForm(upload), ignoreProgress),
  checkMatrixUpdates: async () => (await body(client.POST('/api/operator/rate-matrix-runs'))) as MatrixCheck[],
  retryGivenUpMail: async (id) =>
    body(client.POST('/api/operator/mail-failures/{id}/retry', { params: { path: { id } } })),
  publishHeldMatrix: async (id, reason) =>
    (await body(
      client.POST('/api/operator/rate-matrices/{id}/publish', { params: { path: { id } }, body: { reason } }),
    )) as PublishOutcome,
  restoreMatrix: async (id, reason) =>
    (await body(
      client.POST('/api/operator/rate-matrices/{id}/restore', { params: { path: { id } }, body: { reason } }),
    )) as PublishOutcome,
};
