import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { Report, ReportStatus } from '../reports/types';
import { afterDraftSave, afterFinalSave, canSave, toReportPayload } from './calculatorState';
import type { CalculatorState } from './types';

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
      const saved = state.reportId
        ? await dataProvider.update<Report>('reports', {
            id: state.reportId,
            data,
            previousData: { id: state.reportId } as Report,
          })
        : await dataProvider.create<Report>('reports', { data });
      return saved.data;
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
