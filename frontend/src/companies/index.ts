import { lazy } from 'react';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';

/** The `client-companies` resource: a preparer's clients at /client-companies. */
export default {
  list: lazy(() => import('./ClientList')),
  icon: BusinessCenterIcon,
};
