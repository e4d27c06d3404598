import { useQuery } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/**
 * Whether the signed-in account is a platform operator, asked once per account after sign-in (GET
 * /api/operator/me): the menu shows the console only then, and the console's routes refuse anyone else.
 */
export function useOperatorAccess(): { isOperator: boolean; isPending: boolean; failed: boolean } {
  const dataProvider = useIftaDataProvider();
  const { identity } = useGetIdentity();
  const { data, isPending, isError } = useQuery({
    queryKey: ['operator', 'me', identity?.id],
    queryFn: () => dataProvider.isOperator(),
    enabled: identity?.id !== undefined,
    // Being an operator changes only when someone edits OPERATOR_EMAILS or runs operator:add: once a session.
    staleTime: Infinity,
    retry: false,
  });
  return { isOperator: data === true, isPending: isPending && !isError, failed: isError };
}
