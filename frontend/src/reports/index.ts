import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

// Lazy so each screen's code loads with its route, not with the login page.
export default {
  list: lazy(() => import('./ReportList')),
  show: lazy(() => import('./ReportShow')),
  icon: ReceiptLongIcon,
};
