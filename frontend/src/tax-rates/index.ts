import { lazy } from 'react';
import PercentIcon from '@mui/icons-material/Percent';

export default {
  list: lazy(() => import('./TaxRateList')),
  icon: PercentIcon,
};
