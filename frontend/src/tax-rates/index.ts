import { lazy } from 'react';
import PercentIcon from '@mui/icons-material/Percent';

/** The `tax-rates` resource: Tax Rate Management (spec §2) at /tax-rates. */
export default {
  list: lazy(() => import('./TaxRateList')),
  icon: PercentIcon,
};
