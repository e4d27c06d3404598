import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { calculateReport } from '@ifta/index';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../layout/PageSpinner';
import { afterFinalSave } from '../calculator/calculatorState';
import { EditingBanner } from '../calculator/EditingBanner';
import { ExcelIntegrationPanel } from '../calculator/ExcelIntegrationPanel';
import { GeneralInfoSection } from '../calculator/GeneralInfoSection';
import { ImportConfirmDialog } from '../calculator/ImportConfirmDialog';
import { JurisdictionSection } from '../calculator/JurisdictionSection';
import { PasteDialog } from '../calculator/PasteDialog';
import { SaveActions } from '../calculator/SaveActions';
import { SummaryResults } from '../calculator/SummaryResults';
import { useCalculatorState } from '../calculator/useCalculatorState';
import { useCalculatorTaxRates } from '../calculator/useCalculatorTaxRates';
import { useEditReport } from '../calculator/useEditReport';
import { useExcelImport } from '../calculator/useExcelImport';
import { useSaveReport } from '../calculator/useSaveReport';

/** The IFTA calculator (spec §2 Calculator); `?edit={id}` reopens a saved report. */
const CalculatorPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const calculator = useCalculatorState();
  const { state, replace } = calculator;
  const { rates, isLoading: loadingRates } = useCalculatorTaxRates();
  const { isLoadingReport } = useEditReport(state, replace);
  const excel = useExcelImport(state, rates, calculator.appendRows);
  const { save, isSaving, savingStatus } = useSaveReport(state, replace);
  const { totals } = useMemo(
    () => calculateReport(state.jurisdictions, state.generalInfo.averageMPG),
    [state.jurisdictions, state.generalInfo.averageMPG],
  );

  const startNewReport = () => {
    replace(afterFinalSave(state));
    navigate('/calculator', { replace: true });
  };

  return (
    <>
      <PageHeader title={translate('calculator.title')} subtitle={translate('calculator.subtitle')} />
      {isLoadingReport ? (
        <PageSpinner />
      ) : (
        <Stack spacing={3}>
          <EditingBanner state={state} onNewReport={startNewReport} />
          <GeneralInfoSection info={state.generalInfo} onChange={calculator.updateGeneral} />
          <ExcelIntegrationPanel excel={excel} />
          <JurisdictionSection
            rows={state.jurisdictions}
            averageMpg={state.generalInfo.averageMPG}
            rates={rates}
            loadingRates={loadingRates}
            actions={calculator}
          />
          <SummaryResults totals={totals} count={state.jurisdictions.length} />
          <SaveActions onSave={save} isSaving={isSaving} savingStatus={savingStatus} />
        </Stack>
      )}
      <PasteDialog paste={excel.paste} />
      <ImportConfirmDialog excel={excel} />
    </>
  );
};
CalculatorPage.path = '/calculator';

export default CalculatorPage;
