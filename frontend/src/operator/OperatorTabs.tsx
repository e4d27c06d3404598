import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { OPERATOR_PAGES } from './operatorPages';

/** The console's own navigation between its screens, under the page heading. */
export const OperatorTabs = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = OPERATOR_PAGES.find((page) => pathname === page.to || pathname.startsWith(`${page.to}/`));
  return (
    <Tabs
      value={current?.to ?? false}
      aria-label={translate('operator.nav.label')}
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {OPERATOR_PAGES.map((page) => (
        <Tab key={page.to} value={page.to} label={translate(page.label)} component={Link} to={page.to} />
      ))}
    </Tabs>
  );
};
