import type { ReactNode } from 'react';
import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageSpinner } from '../layout/PageSpinner';
import { useOperatorAccess } from './useOperatorAccess';

/**
 * The console's screens behind the operator check: anyone else who opens one of its addresses reads why it is
 * refused instead of a screen of 403 toasts (the server refuses their calls all the same).
 */
export const OperatorGate = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { isOperator, isPending, failed } = useOperatorAccess();
  if (isPending) return <PageSpinner />;
  if (!isOperator) {
    return (
      <Alert severity={failed ? 'error' : 'warning'} data-testid="operator-refused">
        <AlertTitle>{translate(failed ? 'operator.access.failed' : 'operator.access.refused_title')}</AlertTitle>
        {failed ? null : translate('operator.access.refused')}
      </Alert>
    );
  }
  return <>{children}</>;
};
