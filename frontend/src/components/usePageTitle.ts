import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { getStoredUser } from '../providers/authSession';

/**
 * Sets the browser tab to "<page> · <company> · <product>", in the current language. The company is the one this
 * tab acts for: a person with tabs open in two companies tells them apart by their titles.
 */
export const usePageTitle = (title: string): void => {
  const translate = useTranslate();
  const product = translate('app.name');
  const company = getStoredUser()?.company_name ?? '';
  useEffect(() => {
    document.title = [title, company, product].filter(Boolean).join(' · ');
  }, [title, company, product]);
};
