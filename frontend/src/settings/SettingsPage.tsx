import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import BusinessIcon from '@mui/icons-material/Business';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../layout/PageSpinner';
import { errorMessage } from '../providers/httpClient';
import { isSubscriptionRequiredError } from '../providers/subscriptionRequired';
import { SettingsSection } from './SettingsSection';
import { GeneralSettingsFields } from './GeneralSettingsFields';
import { CompanyInfoFields } from './CompanyInfoFields';
import { NotificationSettingsFields } from './NotificationSettingsFields';
import { SubscriptionManagementSection } from './SubscriptionManagementSection';
import { SavedPaymentMethodsSection } from './SavedPaymentMethodsSection';
import { InvoicesSection } from './InvoicesSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { MembersSection } from './MembersSection';
import { ActivitySection } from './ActivitySection';
import { UsageSection } from './UsageSection';
import { useCan } from '../providers/memberRole';
import { useSettingsMutations, useSettingsQuery } from './useSettings';
import type { UserSettings } from '../api/types';
import { setSettingsDraft, useSettingsDraft } from './settingsDraft';
import { isLanguage } from '../i18n';

/** docs/product-spec.md §2 Settings ('User Settings'). */
const SettingsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const { data, isPending, isError, error, refetch } = useSettingsQuery();
  const { save, reset } = useSettingsMutations();
  const [draft, updateDraft] = useSettingsDraft();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const { pathname } = useLocation();
  // Billing is the owner's, the company's settings an admin's (the server refuses the others' writes with 403).
  const pays = useCan('owner');
  const administers = useCan('admin');
  // Unsaved edits win over what the server holds; without edits the form shows the server's values.
  const stored = draft ?? data ?? null;
  // The language box always shows the screen's language: a switch that outlived an unsaved draft, or
  // one made elsewhere, would otherwise leave the two out of step; saving keeps what the screen shows.
  const form = stored && isLanguage(locale) ? { ...stored, language: locale } : stored;

  // Leaving the page drops unsaved edits; a remount for a language switch stays on the page and keeps them.
  useEffect(
    () => () => {
      if (window.location.pathname !== pathname) setSettingsDraft(null);
    },
    [pathname],
  );

  useEffect(() => {
    if (isError) notify(errorMessage(error, 'settings.load_failed'), { type: 'error' });
  }, [isError, error, notify]);

  const applyLanguage = (language: UserSettings['language']) => {
    if (language !== locale) setLocale(language);
  };

  const change = (patch: Partial<UserSettings>) => {
    if (form) updateDraft(patch, form);
  };

  const changeLanguage = (language: UserSettings['language']) => {
    change({ language });
    // The whole UI switches at once; Save Settings makes it stick on the server.
    applyLanguage(language);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form || save.isPending) return;
    save.mutate(form, {
      onSuccess: (saved) => {
        setSettingsDraft(null);
        applyLanguage(saved.language);
        notify('settings.saved', { type: 'success' });
      },
      onError: (failure) => {
        // A refusal for want of a subscription is the guard's to announce (one toast, not two).
        if (!isSubscriptionRequiredError(failure))
          notify(errorMessage(failure, 'settings.save_failed'), { type: 'error' });
      },
    });
  };

  const confirmReset = () => {
    setConfirmingReset(false);
    reset.mutate(undefined, {
      onSuccess: (defaults) => {
        setSettingsDraft(null);
        applyLanguage(defaults.language);
        notify('settings.reset_done', { type: 'success' });
      },
      onError: (failure) => {
        if (!isSubscriptionRequiredError(failure)) notify('settings.reset_failed', { type: 'error' });
      },
    });
  };

  const busy = save.isPending || reset.isPending;

  return (
    <>
      <PageHeader title={translate('settings.title')} subtitle={translate('settings.subtitle')} />
      <Stack spacing={3}>
        {pays && <SubscriptionManagementSection />}
        {pays && <SavedPaymentMethodsSection />}
        {isPending && <PageSpinner />}
        {isError && !form && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => refetch()}>
                {translate('common.retry')}
              </Button>
            }
          >
            {translate(errorMessage(error, 'settings.load_failed'), { _: errorMessage(error, 'settings.load_failed') })}
          </Alert>
        )}
        {form && (
          <Box component="form" noValidate onSubmit={submit} aria-label={translate('settings.title')}>
            <Stack spacing={3}>
              <SettingsSection id="general" title={translate('settings.sections.general')} icon={<TuneIcon />}>
                <GeneralSettingsFields settings={form} onChange={change} onLanguageChange={changeLanguage} />
              </SettingsSection>
              <SettingsSection id="company" title={translate('settings.sections.company')} icon={<BusinessIcon />}>
                <CompanyInfoFields settings={form} onChange={change} />
              </SettingsSection>
              <SettingsSection
                id="notifications"
                title={translate('settings.sections.notifications')}
                icon={<NotificationsIcon />}
              >
                <NotificationSettingsFields settings={form} onChange={change} />
              </SettingsSection>
              {administers && (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    color="inherit"
                    startIcon={reset.isPending ? <CircularProgress size={18} color="inherit" /> : <RestartAltIcon />}
                    disabled={busy}
                    onClick={() => setConfirmingReset(true)}
                  >
                    {translate('settings.actions.reset')}
                  </Button>
                  <Button
                    type="submit"
                    variant="contained"
                    startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
                    disabled={busy}
                  >
                    {translate(save.isPending ? 'settings.actions.saving' : 'settings.actions.save')}
                  </Button>
                </Box>
              )}
            </Stack>
          </Box>
        )}
        <MembersSection />
        <UsageSection />
        <ActivitySection />
        <ChangePasswordSection />
        {pays && <InvoicesSection />}
      </Stack>
      <Confirm
        isOpen={confirmingReset}
        title="settings.confirm_reset_title"
        content="settings.confirm_reset"
        confirm="common.confirm"
        cancel="common.cancel"
        onConfirm={confirmReset}
        onClose={() => setConfirmingReset(false)}
      />
    </>
  );
};
SettingsPage.path = '/settings';

export default SettingsPage;
