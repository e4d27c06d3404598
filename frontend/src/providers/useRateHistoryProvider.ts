import { useDataProvider } from 'react-admin';
import type { IftaDataProvider } from './dataProvider';
import type { RateHistoryMethods } from './rateHistoryProvider';

/** The dataProvider with the rate-history calls (spread into it in dataProvider.ts). */
export const useRateHistoryProvider = () => useDataProvider<IftaDataProvider & RateHistoryMethods>();
