import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { dashboardKeys } from './queryKeys';

/** Every figure above the table, from the one aggregate call. */
export const useReportStats = () => {
  const dataProvider = useIftaDataProvider();
  return useQuery({ queryKey: dashboardKeys.stats, queryFn: () => dataProvider.getReportStats() });
};

/** One page of the 'All Reports' table; the previous page stays on screen while the next loads. */
export const useReportsPage = (page: number, perPage: number, enabled: boolean) => {
  const dataProvider = useIftaDataProvider();
  return useQuery({
    queryKey: dashboardKeys.page(page, perPage),
    queryFn: () => dataProvider.getReportsPage({ page, perPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
};
