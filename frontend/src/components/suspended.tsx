import { Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '../layout/PageSpinner';

/** Wraps a lazy page shown outside the layout (which has its own Suspense) with a spinner. */
export const suspended = (Page: ComponentType) => {
  const SuspendedPage = () => (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
  return SuspendedPage;
};
