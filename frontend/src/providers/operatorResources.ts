/**
 * The operator console's react-admin resources: their names are their paths under /api. A file of its own so App.tsx
 * can register them without the login page loading the console's provider.
 */
export const OPERATOR_RESOURCES = {
  matrices: 'operator/rate-matrices',
  runs: 'operator/rate-matrix-runs',
  interestRates: 'operator/interest-rates',
  accounts: 'operator/accounts',
  mailFailures: 'operator/mail-failures',
} as const;
