import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { periodOptions } from '@ifta/filing-calendar';
import { PageHeader } from '../components/PageHeader';
import { todayForAccount } from '../calendar/displaySettings';
import { BuildReturnPanel } from './BuildReturnPanel';
import { RecordTable } from './RecordTable';

const TABS = ['trips', 'fuel', 'build'] as const;

/** Trip logs and fuel receipts, and the return built from them. */
const RecordsPage = () => {
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('trips');
  // Records are kept by quarter whatever the account files monthly: the return is quarterly.
  const periods = periodOptions(todayForAccount(), 'quarterly').periods;
  return (
    <>
      <PageHeader title={translate('records.title')} subtitle={translate('records.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value) => setTab(value)}
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
      ) : (
        <RecordTable key={tab} kind={tab} periods={periods} />
      )}
    </>
  );
};
RecordsPage.path = '/records';

export default RecordsPage;
