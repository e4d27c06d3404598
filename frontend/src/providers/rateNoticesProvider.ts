import { httpClient } from './httpClient';
import type { Report, RateNotice } from '../api/types';

const BASE = '/api/protected/rate-notices';

/** Final returns whose figures a newly published IFTA matrix changes, and the amended return filed from one. */
export interface RateNoticesMethods {
  getRateNotices: () => Promise<RateNotice[]>;
  amendFromRateNotice: (id: string) => Promise<Report>;
}

export const rateNoticesMethods: RateNoticesMethods = {
  getRateNotices: async () => (await httpClient<RateNotice[]>(BASE)).json,
  amendFromRateNotice: async (id) =>
    (await httpClient<Report>(`${BASE}/${encodeURIComponent(id)}/amend`, { method: 'POST' })).json,
};
