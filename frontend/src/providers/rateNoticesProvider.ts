import type { DataProvider } from 'react-admin';
import { body, client } from '../api/client';
import type { Report, RateNotice } from '../api/types';

/** Final returns whose figures a newly published IFTA matrix changes, and the amended return filed from one. */
/** The returns IFTA's newly published matrix changes: the server answers them all at once (a handful). */
export const RATE_NOTICES = 'rate-notices';

export const rateNoticesResource = {
  getList: async () => {
    const notices = (await body(client.GET('/api/protected/rate-notices'))) as RateNotice[];
    return { data: notices, total: notices.length };
  },
} as Pick<DataProvider, 'getList'>;

export interface RateNoticesMethods {
  amendFromRateNotice: (id: string) => Promise<Report>;
}

export const rateNoticesMethods: RateNoticesMethods = {
  amendFromRateNotice: (id) =>
    body(client.POST('/api/protected/rate-notices/{id}/amend', { params: { path: { id } } })) as Promise<Report>,
};
