/** The operator console's screens, loaded together as one chunk the first time an operator opens the console. */
export { default as RateMatrixList } from './RateMatrixList';
export { default as RateMatrixShow } from './RateMatrixShow';
export { default as RateMatrixUpload } from './RateMatrixUpload';
export { default as MatrixRunList } from './MatrixRunList';
export { default as InterestRateList } from './InterestRateList';
