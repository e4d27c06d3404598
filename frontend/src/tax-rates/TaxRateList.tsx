import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { PageHeader } from '../components/PageHeader';
import { serverErrorText } from '../providers/httpClient';
import { DeleteTaxRateDialog } from './DeleteTaxRateDialog';
import { ImportRateMatrixButton } from './ImportRateMatrixDialog';
import { TaxRateHistoryFilters } from './TaxRateHistoryFilters';
import { ProvisionalQuarterNotice } from './ProvisionalQuarterNotice';
import { TaxRateBulkActions } from './TaxRateBulkActions';
import { TaxRateFilters } from './TaxRateFilters';
import { TaxRateFormDialog } from './TaxRateFormDialog';
import { TaxRateTable } from './TaxRateTable';
import { TAX_RATE_PAGE_SIZE } from '../api/constants';
import type { TaxRate } from '../api/types';

const STALE_MS = 30_000; // docs/product-spec.md §9: the tax rate list stays fresh 30 seconds

/**
 * Tax Rate Management (docs/product-spec.md §2). Filters, sort and page live in the URL (react-admin's list params),
 * so a reload or the back button keeps them.
 */
const TaxRateList = () => (
  <ListBase
    resource="tax-rates"
    perPage={TAX_RATE_PAGE_SIZE}
    sort={{ field: 'name', order: 'ASC' }}
    storeKey={false}
    // The page shows 'Loading error: …' with 'Try again' itself, instead of react-admin's toast.
    queryOptions={{ staleTime: STALE_MS, onError: () => undefined }}
  >
    <TaxRateListView />
  </ListBase>
);

type Modal = { kind: 'create' } | { kind: 'edit'; rate: TaxRate } | null;

const TaxRateListView = () => {
  const translate = useTranslate();
  const { error, refetch, isFetching, isPending } = useListContext<TaxRate>();
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);

  return (
    <Box sx={{ py: 3 }}>
      <PageHeader
        title={translate('taxRates.title')}
        subtitle={translate('taxRates.subtitle')}
        actions={
          <>
            <ImportRateMatrixButton />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ kind: 'create' })}>
              {translate('taxRates.create')}
            </Button>
          </>
        }
      />
      <TaxRateFilters />
      <TaxRateHistoryFilters />
      <ProvisionalQuarterNotice />
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('taxRates.errors.try_again')}
            </Button>
          }
        >
          {translate('taxRates.errors.load', {
            message: serverErrorText((error as { body?: unknown }).body) ?? (error as Error).message,
          })}
        </Alert>
      ) : null}
      <TaxRateBulkActions />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{isFetching && !isPending ? <LinearProgress /> : null}</Box>
        <TaxRateTable onEdit={(rate) => setModal({ kind: 'edit', rate })} onDelete={setDeleting} />
        <ListPagination messages="taxRates.pagination" rangeTestId="tax-rate-range" />
      </Paper>
      {modal ? (
        <TaxRateFormDialog rate={modal.kind === 'edit' ? modal.rate : undefined} onClose={() => setModal(null)} />
      ) : null}
      <DeleteTaxRateDialog rate={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
};

export default TaxRateList;
