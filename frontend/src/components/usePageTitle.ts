import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** Sets the browser tab to "<page> · <product>", in the current language. */
export const usePageTitle = (title: string): void => {
  const translate = useTranslate();
  const product = translate('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
};
