import { lazy } from 'react';
import PercentIcon from '@mui/icons-material/Percent';

/** The `tax-rates` resource: Tax Rate Management (docs/product-spec.md §2) at /tax-rates. */
export default {
  list: lazy(() => import('./TaxRateList')),
  icon: PercentIcon,
};
