import { body, client } from '../api/client';
import type { paths } from '../api/schema';
import { uploadForm } from './fileTransfer';
import type { RateMatrixImport, RatesInForce } from '../api/types';

type FuelType = NonNullable<paths['/api/protected/tax-rates/in-force']['get']['parameters']['query']>['fuel_type'];

const MATRIX = '/api/protected/tax-rates-management/matrix';

/** Rates by quarter and fuel type, and the IFTA rate-matrix import (named calls, docs/style.md). */
export interface RateHistoryMethods {
  getRatesInForce: (period: string, fuelType: string) => Promise<RatesInForce>;
  previewRateMatrix: (file: File, quarter: string) => Promise<RateMatrixImport>;
  applyRateMatrix: (file: File, quarter: string) => Promise<RateMatrixImport>;
}

const matrixForm = (file: File, quarter: string) => {
  const form = new FormData();
  form.append('quarter', quarter);
  form.append('file', file);
  return form;
};

const ignoreProgress = () => undefined;

export const rateHistoryMethods: RateHistoryMethods = {
  getRatesInForce: (period, fuelType) =>
    body(
      client.GET('/api/protected/tax-rates/in-force', {
        params: { query: { period, fuel_type: fuelType as FuelType } },
      }),
    ),
  previewRateMatrix: (file, quarter) =>
    uploadForm<RateMatrixImport>(`${MATRIX}/preview`, matrixForm(file, quarter), ignoreProgress),
  applyRateMatrix: (file, quarter) =>
    uploadForm<RateMatrixImport>(`${MATRIX}/apply`, matrixForm(file, quarter), ignoreProgress),
};
