import { OPERATOR_RESOURCES } from '../providers/operatorProvider';

/** The operator console's screens, in the order the menu and the console's tabs list them. */
export const OPERATOR_PAGES = [
  { to: `/${OPERATOR_RESOURCES.matrices}`, label: 'operator.nav.rate_matrices' },
  { to: `/${OPERATOR_RESOURCES.runs}`, label: 'operator.nav.runs' },
  { to: `/${OPERATOR_RESOURCES.interestRates}`, label: 'operator.nav.interest_rates' },
  { to: `/${OPERATOR_RESOURCES.accounts}`, label: 'operator.nav.accounts' },
] as const;
