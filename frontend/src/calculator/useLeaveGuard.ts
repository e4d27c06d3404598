import { useEffect } from 'react';

/** While there are unsaved edits, the browser's own prompt guards a reload, a typed address or closing the tab. */
export const useLeaveGuard = (active: boolean) => {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
};
