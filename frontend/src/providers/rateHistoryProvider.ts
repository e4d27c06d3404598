import { httpClient } from './httpClient';
import { uploadForm } from './fileTransfer';
import type { RateMatrixImport, RatesInForce } from '../api/types';

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
  getRatesInForce: async (period, fuelType) =>
    (
      await httpClient<RatesInForce>(
        `/api/protected/tax-rates/in-force?${new URLSearchParams({ period, fuel_type: fuelType })}`,
      )
    ).json,
  previewRateMatrix: (file, quarter) =>
    uploadForm<RateMatrixImport>(`${MATRIX}/preview`, matrixForm(file, quarter), ignoreProgress),
  applyRateMatrix: (file, quarter) =>
    uploadForm<RateMatrixImport>(`${MATRIX}/apply`, matrixForm(file, quarter), ignoreProgress),
};
