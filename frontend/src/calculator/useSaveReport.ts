import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, httpStatus } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { Report, ReportStatus } from '../reports/types';
import { afterDraftSave, afterFinalSave, canSave, toReportPayload } from './calculatorState';
import type { CalculatorState } from './types';

const REPLACED = [404, 409];

/**
 * Save Draft and Save Final Report (spec §4, §5): both need company name, MPG and a jurisdiction, both
 * go to /reports. A draft being edited is updated in place; anything else is created.
 */
export const useSaveReport = (state: CalculatorState, replace: (next: CalculatorState) => void) => {
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();

  const mutation = useMutation({
    mutationFn: async (status: ReportStatus) => {
      const data = toReportPayload(state, status);
      const create = async () => (await dataProvider.create<Report>('reports', { data })).data;
      if (!state.reportId) return create();
      try {
        const previousData = { id: state.reportId } as Report;
        return (await dataProvider.update<Report>('reports', { id: state.reportId, data, previousData })).data;
      } catch (error) {
        // The draft was deleted (404) or finalised (409) elsewhere since it was opened: the work is
        // saved as a new report rather than lost, as editing a final report does anyway.
        if (REPLACED.includes(httpStatus(error) ?? 0)) return create();
        throw error;
      }
    },
    onSuccess: async (saved, status) => {
      replace(status === 'final' ? afterFinalSave(state) : afterDraftSave(state, saved));
      notify(status === 'final' ? 'calculator.messages.saved_final' : 'calculator.messages.saved_draft', {
        type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      navigate('/reports');
    },
    onError: (error: unknown) => {
      const reason = errorMessage(error, (error as Error | null)?.message ?? '');
      notify('calculator.messages.save_error', {
        type: 'error',
        messageArgs: { message: reason === 'errors.network' ? translate(reason) : reason },
      });
    },
  });

  const save = (status: ReportStatus) => {
    if (!canSave(state)) {
      notify('calculator.messages.required', { type: 'error' });
      return;
    }
    mutation.mutate(status);
  };

  return { save, isSaving: mutation.isPending, savingStatus: mutation.variables };
};
