import { lazy } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';

/** The `vehicles` resource: the account's vehicles at /vehicles, beside Trips & Fuel. */
export default {
  list: lazy(() => import('./VehicleList')),
  icon: LocalShippingIcon,
};
