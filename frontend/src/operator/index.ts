import { lazy } from 'react';
import { OPERATOR_RESOURCES } from '../providers/operatorResources';

// One import for the whole console: its chunk is loaded by operators only, never with an account's screens.
const screens = () =>
  import('./screens').then(async (module) => {
    await module.messagesReady;
    return module;
  });

/** The console's react-admin resources: official rate matrices, the updater's runs, interest periods, the accounts. */
export const operatorResources = [
  {
    name: OPERATOR_RESOURCES.matrices,
    list: lazy(() => screens().then((module) => ({ default: module.RateMatrixList }))),
    show: lazy(() => screens().then((module) => ({ default: module.RateMatrixShow }))),
    create: lazy(() => screens().then((module) => ({ default: module.RateMatrixUpload }))),
  },
  {
    name: OPERATOR_RESOURCES.runs,
    list: lazy(() => screens().then((module) => ({ default: module.MatrixRunList }))),
  },
  {
    name: OPERATOR_RESOURCES.interestRates,
    list: lazy(() => screens().then((module) => ({ default: module.InterestRateList }))),
  },
  {
    name: OPERATOR_RESOURCES.accounts,
    list: lazy(() => screens().then((module) => ({ default: module.AccountList }))),
  },
];
