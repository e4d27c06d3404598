import { OPERATOR_RESOURCES } from '../providers/operatorProvider';

/**
 * The operator console's screens, in the order the menu and the console's tabs list them. Their names are in the
 * app's own messages (nav.console), since the menu shows them before the console's chunk has loaded.
 */
export const OPERATOR_PAGES = [
  { to: `/${OPERATOR_RESOURCES.matrices}`, label: 'nav.console.rate_matrices' },
  { to: `/${OPERATOR_RESOURCES.runs}`, label: 'nav.console.runs' },
  { to: `/${OPERATOR_RESOURCES.interestRates}`, label: 'nav.console.interest_rates' },
  { to: `/${OPERATOR_RESOURCES.accounts}`, label: 'nav.console.accounts' },
] as const;
