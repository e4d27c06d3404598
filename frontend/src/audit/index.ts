import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';

/** The `audit-events` resource: the company's activity (who did what and when) at /audit-events, from Settings. */
export default {
  list: lazy(() => import('./AuditEventList')),
  icon: HistoryIcon,
};
