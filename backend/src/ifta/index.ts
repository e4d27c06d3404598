export * from './calculate.js';
export * from './import-rows.js';
export * from './jurisdiction-directory.js';
export * from './jurisdictions.js';
export * from './rounding.js';
