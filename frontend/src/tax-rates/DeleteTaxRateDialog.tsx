import { Confirm, useTranslate } from 'react-admin';
import type { TaxRate } from '../api/types';
import { useTaxRateMutations } from './useTaxRateMutations';

/** 'Are you sure you want to delete this tax rate?' before a delete (docs/product-spec.md §5). */
export const DeleteTaxRateDialog = ({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) => {
  const translate = useTranslate();
  const { remove } = useTaxRateMutations();
  return (
    <Confirm
      isOpen={rate !== null}
      loading={remove.isPending}
      title={translate('taxRates.delete.title', { name: rate?.name ?? '' })}
      content={translate('taxRates.delete.confirm')}
      confirm={translate('taxRates.delete.button')}
      cancel={translate('common.cancel')}
      confirmColor="warning"
      onConfirm={() => rate && remove.mutate(rate, { onSettled: onClose })}
      onClose={onClose}
    />
  );
};
