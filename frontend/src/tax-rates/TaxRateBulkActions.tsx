import { Box, Button, Typography } from '@mui/material';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { useTaxRateMutations } from './useTaxRateMutations';

/** Activate (n) and Deactivate (n), shown while rows are selected (docs/product-spec.md §2, §5 Bulk update). */
export const TaxRateBulkActions = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, onUnselectItems } = useListContext();
  const { bulk } = useTaxRateMutations();
  if (selectedIds.length === 0) return null;

  const run = (isActive: boolean) => {
    if (selectedIds.length === 0) {
      notify('taxRates.bulk.none_selected', { type: 'error' });
      return;
    }
    bulk.mutate({ ids: selectedIds, isActive }, { onSuccess: () => onUnselectItems() });
  };

  const count = selectedIds.length;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mb: 2,
        px: 2,
        py: 1,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <Typography variant="body2" sx={{ flexGrow: 1 }}>
        {translate('taxRates.bulk.selected', { count })}
      </Typography>
      <Button variant="contained" color="success" size="small" disabled={bulk.isPending} onClick={() => run(true)}>
        {translate('taxRates.bulk.activate', { count })}
      </Button>
      <Button variant="outlined" color="warning" size="small" disabled={bulk.isPending} onClick={() => run(false)}>
        {translate('taxRates.bulk.deactivate', { count })}
      </Button>
    </Box>
  );
};
