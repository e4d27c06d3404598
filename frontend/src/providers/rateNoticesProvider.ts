import { body, client } from '../api/client';
import type { Report, RateNotice } from '../api/types';

/** Final returns whose figures a newly published IFTA matrix changes, and the amended return filed from one. */
export interface RateNoticesMethods {
  getRateNotices: () => Promise<RateNotice[]>;
  amendFromRateNotice: (id: string) => Promise<Report>;
}

export const rateNoticesMethods: RateNoticesMethods = {
  getRateNotices: () => body(client.GET('/api/protected/rate-notices')),
  amendFromRateNotice: (id) =>
    body(client.POST('/api/protected/rate-notices/{id}/amend', { params: { path: { id } } })) as Promise<Report>,
};
