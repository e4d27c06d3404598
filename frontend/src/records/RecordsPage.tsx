import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { periodOptions } from '@ifta/filing-calendar';
import { PageHeader } from '../components/PageHeader';
import { todayForAccount } from '../calendar/displaySettings';
import { BuildReturnPanel } from './BuildReturnPanel';
import { ByVehiclePanel } from './ByVehiclePanel';
import { RecordsHealthPanel } from './RecordsHealthPanel';
import { RecordTable } from './RecordTable';

const TABS = ['trips', 'fuel', 'by_vehicle', 'build', 'health'] as const;
type RecordsTab = (typeof TABS)[number];
const isTab = (value: string | null): value is RecordsTab => TABS.includes(value as RecordsTab);

/**
 * Trip logs and fuel receipts, each vehicle's miles, gallons and MPG, the return built from them, and their records
 * health. The tab and a list's filters
 * live in the address (`?tab=trips&period=Q3-2026&ids=…`), so a finding links to its records and Back returns.
 */
const RecordsPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: RecordsTab = isTab(params.get('tab')) ? (params.get('tab') as RecordsTab) : 'trips';
  const open = (next: RecordsTab) => setParams(next === 'trips' ? {} : { tab: next });
  // Records are kept by quarter whatever the account files monthly: the return is quarterly.
  const periods = periodOptions(todayForAccount(), 'quarterly').periods;
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  return (
    <>
      <PageHeader title={translate('records.title')} subtitle={translate('records.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: RecordsTab) => open(value)}
          variant="scrollable"
          aria-label={translate('records.title')}
        >
          {TABS.map((key) => (
            <Tab key={key} value={key} label={translate(`records.tabs.${key}`)} />
          ))}
        </Tabs>
      </Box>
      {tab === 'build' ? (
        <BuildReturnPanel periods={periods} />
      ) : tab === 'health' ? (
        <RecordsHealthPanel periods={periods} />
      ) : tab === 'by_vehicle' ? (
        <ByVehiclePanel periods={periods} />
      ) : (
        <RecordTable
          key={`${tab}?${params}`}
          kind={tab}
          periods={periods}
          initial={{ period: params.get('period') ?? '', unit: params.get('unit') ?? '', ids }}
          onShowAll={() => setParams({ tab })}
        />
      )}
    </>
  );
};
RecordsPage.path = '/records';

export default RecordsPage;
