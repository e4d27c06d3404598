import { useQuery } from '@tanstack/react-query';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/**
 * Under the 'reports' prefix on purpose: react-admin invalidates ['reports'] after any save or delete of a
 * report, and a new final report changes the quarters' states.
 */
const FILING_CALENDAR_KEY = ['reports', 'filing-calendar'] as const;

export const useFilingCalendar = () => {
  const dataProvider = useIftaDataProvider();
  return useQuery({ queryKey: FILING_CALENDAR_KEY, queryFn: () => dataProvider.getFilingCalendar() });
};
