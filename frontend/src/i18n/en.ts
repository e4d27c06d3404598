import { dashboardEn } from './dashboard.en';
import { calendarEn } from './calendar.en';
import { calculatorEn } from './calculator.en';
import { officialEn } from './official.en';
import { reportsEn } from './reports.en';
import { subscriptionEn } from './subscription.en';
import { rateHistoryEn } from './rateHistory.en';
import { accountEn } from './account.en';
import { recordsEn } from './records.en';
import { recordsHealthEn } from './recordsHealth.en';
import { byVehicleEn } from './byVehicle.en';
import { vehiclesEn } from './vehicles.en';
import { rateNoticesEn } from './rateNotices.en';
import { membersEn } from './members.en';
import { companiesEn } from './companies.en';
import { auditEn } from './audit.en';

/**
 * English messages of the app itself. react-admin's own texts (ra.*) come from ra-language-english.
 * ru.ts must have exactly these keys: the type in messages.ts and src/i18n/parity.test.ts check it.
 */
export const en = {
  app: {
    name: 'IFTA Fuel Tax',
    tagline: 'Quarterly fuel tax, done right',
    loading: 'Loading...',
    language: { en: 'English', ru: 'Русский' },
  },
  nav: {
    dashboard: 'Dashboard',
    calculator: 'Calculator',
    reports: 'Reports',
    tax_rates: 'Tax Rates',
    records: 'Trips & Fuel',
    vehicles: 'Vehicles',
    clients: 'Clients',
    operator: 'Operator',
    console: {
      rate_matrices: 'Rate matrices',
      runs: 'Updater runs',
      interest_rates: 'Interest rates',
      accounts: 'Accounts',
    },
    settings: 'Settings',
    sign_out: 'Sign Out',
    sign_in: 'Sign In',
    sign_up: 'Sign Up',
    open_menu: 'Open navigation menu',
    account: 'Account',
  },
  auth: {
    email: 'Email',
    password: 'Password',
    company_name: 'Company Name',
    show_password: 'Show password',
    hide_password: 'Hide password',
    password_hint: 'Minimum 6 characters',
    password_too_short: 'Password must be at least 6 characters',
    required: 'Required',
    invalid_email: 'Enter a valid email address',
    login: {
      title: 'Sign in to your account',
      subtitle: 'Welcome back! Enter your details to continue.',
      submit: 'Sign In',
      submitting: 'Signing in...',
      no_account: "Don't have an account?",
      sign_up_link: 'Sign up',
      success: 'Successfully signed in!',
      failed: 'Login failed',
    },
    register: {
      title: 'Create your account',
      subtitle: 'Start your free trial. No commitment, cancel anytime.',
      submit: 'Create Account',
      submitting: 'Creating account...',
      have_account: 'Already have an account?',
      sign_in_link: 'Sign in',
      agree_prefix: 'By creating an account you agree to our',
      terms: 'Terms of Service',
      and: 'and',
      privacy: 'Privacy Policy',
      success: 'Registration successful!',
      failed: 'Registration failed',
    },
    signed_out: 'Successfully signed out',
    session_expired: 'Session expired, please sign in again',
    auth_error: 'Authentication error',
  },
  marketing: {
    headline: 'IFTA fuel tax reporting without the spreadsheets',
    intro: 'Built for trucking operators and fleet owners who file quarterly fuel tax returns.',
    features: {
      calculations: {
        title: 'Automated calculations',
        text: 'Tax due or credit per state and province, computed the moment you enter miles and fuel.',
      },
      excel: {
        title: 'Excel integration',
        text: 'Download a template, upload your spreadsheet or paste straight from the clipboard.',
      },
      reports: {
        title: 'Reports',
        text: 'Save drafts and final reports, review them anytime and export them to Excel.',
      },
      tax_rates: {
        title: 'Tax rate management',
        text: 'Keep every jurisdiction rate current in one place, ready for each quarter.',
      },
    },
    save_time: 'Save up to 80% of the time spent on IFTA reporting',
    free_trial: 'Free trial',
    cancel_anytime: 'Cancel anytime',
  },
  legal: {
    back: 'Back',
    terms: {
      title: 'Terms of Service',
      body: 'By using IFTA Fuel Tax you agree to use the service for lawful fuel tax reporting of your own company. You are responsible for the accuracy of the miles, fuel and rates you enter and for the returns you file. Subscriptions renew monthly until cancelled; a cancelled subscription stays active until the end of the paid period.',
    },
    privacy: {
      title: 'Privacy Policy',
      body: 'We store your account, settings and reports only to provide the service. Card numbers are handled by our payment provider and never reach our servers. We do not sell your data. You can ask us to delete your account and data at any time.',
    },
  },
  dashboard: dashboardEn,
  calendar: calendarEn,
  pages: {
    tax_rates: { title: 'Tax Rate Management', placeholder: 'Jurisdiction tax rates will appear here.' },
    not_found: {
      title: 'Page not found',
      text: 'The page you are looking for does not exist.',
      home: 'Go to Dashboard',
    },
  },
  settings: {
    title: 'User Settings',
    subtitle: 'Preferences for your company account',
    sections: {
      general: 'General Settings',
      company: 'Company Information',
      notifications: 'Notification Settings',
    },
    fields: {
      default_mpg: 'Default MPG',
      default_mpg_help: 'Used for new reports (0 to 50)',
      preferred_currency: 'Preferred Currency',
      date_format: 'Date Format',
      timezone: 'Timezone',
      language: 'Language',
      default_tax_period_type: 'Default Tax Period',
      distance_unit: 'Units',
      distance_unit_help: 'What the calculator and imports take; returns are still filed in miles and gallons',
      company_address: 'Company Address',
      company_phone: 'Company Phone',
      ifta_license_number: 'IFTA License Number',
      fein: 'FEIN',
      fein_help: 'Federal employer identification number, 12-3456789 (printed on the return)',
      base_jurisdiction: 'Base Jurisdiction',
      base_jurisdiction_none: 'Not set',
      base_jurisdiction_help: 'Where you file and pay your IFTA return',
      email_notifications: 'Email Notifications',
      email_notifications_help: 'Receive account and billing updates by e-mail',
      report_reminders: 'Report Reminders',
      report_reminders_help: 'Get reminded before each quarterly filing deadline',
    },
    options: {
      currency: { USD: 'USD - US Dollar', CAD: 'CAD - Canadian Dollar' },
      tax_period_type: { quarterly: 'Quarterly', monthly: 'Monthly' },
      distance_unit: { miles_gallons: 'Miles and US gallons', km_litres: 'Kilometres and litres' },
      timezone: {
        'America/New_York': 'Eastern Time (New York)',
        'America/Chicago': 'Central Time (Chicago)',
        'America/Denver': 'Mountain Time (Denver)',
        'America/Los_Angeles': 'Pacific Time (Los Angeles)',
        'America/Toronto': 'Eastern Time (Toronto)',
        'America/Vancouver': 'Pacific Time (Vancouver)',
      },
      timezone_group: { suggested: 'North America', other: 'Other time zones' },
    },
    actions: {
      reset: 'Reset to Defaults',
      save: 'Save Settings',
      saving: 'Saving...',
    },
    confirm_reset_title: 'Reset settings',
    confirm_reset: 'Are you sure you want to reset all settings to defaults?',
    load_failed: 'Failed to load settings',
    save_failed: 'Failed to save settings',
    reset_failed: 'Failed to reset settings',
    saved: 'Settings saved successfully!',
    reset_done: 'Settings reset to defaults!',
  },
  taxRates: {
    title: 'Tax Rate Management',
    subtitle: 'Fuel tax rates per state and province, in US dollars per gallon',
    create: 'Create Rate',
    filters: {
      search: 'Search',
      search_placeholder: 'Name or abbreviation...',
      country: 'Country',
      all_countries: 'All countries',
      status: 'Status',
      all_statuses: 'All',
      sort_by: 'Sort By',
      reset: 'Reset Filters',
    },
    sort: {
      name_asc: 'Name A-Z',
      name_desc: 'Name Z-A',
      rate_asc: 'Rate low-high',
      rate_desc: 'Rate high-low',
      date_desc: 'Date newest',
      date_asc: 'Date oldest',
    },
    countries: { USA: 'USA', Canada: 'Canada' },
    status: { active: 'Active', inactive: 'Inactive' },
    effective: 'Effective %{date} (%{quarter})',
    columns: {
      select_all: 'Select all tax rates on this page',
      select_row: 'Select %{name}',
      name: 'Name',
      abbreviation: 'Abbreviation',
      rate: 'Rate',
      country: 'Country',
      status: 'Status',
      created: 'Created Date',
      actions: 'Actions',
    },
    actions: { edit: 'Edit %{name}', delete: 'Delete %{name}' },
    bulk: {
      selected: '%{count} selected',
      activate: 'Activate (%{count})',
      deactivate: 'Deactivate (%{count})',
      none_selected: 'Select tax rates to update',
    },
    empty: 'No tax rates found',
    pagination: {
      label: 'Tax rate pages',
      showing: 'Showing %{from} to %{to} of %{total} results',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page %{page}',
    },
    form: {
      create_title: 'Create New Tax Rate',
      edit_title: 'Edit Tax Rate',
      name: 'Name',
      abbreviation: 'Abbreviation',
      rate: 'Tax Rate ($/gallon)',
      country: 'Country',
      effective_date: 'Effective Date',
      active: 'Active Rate',
      create: 'Create',
      creating: 'Creating...',
      save: 'Save',
      saving: 'Saving...',
      required: 'Please fill all required fields',
      negative: 'Tax rate cannot be negative',
      invalid_rate: 'Tax rate must be a number',
      decimals: 'Tax rate can have at most 4 decimal places',
    },
    delete: {
      title: 'Delete %{name}',
      confirm: 'Are you sure you want to delete this tax rate?',
      button: 'Delete',
    },
    messages: {
      created: 'Tax rate created!',
      updated: 'Tax rate updated!',
      deleted: 'Tax rate deleted!',
      bulk_updated: 'Tax rates updated!',
    },
    errors: {
      load: 'Loading error: %{message}',
      try_again: 'Try again',
      save: 'Save error',
      delete: 'Delete error',
      bulk: 'Bulk update error',
    },
  },
  calculator: calculatorEn,
  reports: reportsEn,
  official: officialEn,
  subscription: subscriptionEn,
  rateHistory: rateHistoryEn,
  account: accountEn,
  records: recordsEn,
  vehicles: vehiclesEn,
  recordsHealth: recordsHealthEn,
  byVehicle: byVehicleEn,
  rateNotices: rateNoticesEn,
  members: membersEn,
  audit: auditEn,
  companies: companiesEn,
  common: {
    cancel: 'Cancel',
    confirm: 'Confirm',
    retry: 'Retry',
    close: 'Close',
  },
  errors: {
    network: 'Network Error',
    with_reason: '%{message}: %{reason}',
  },
};

/** The shape both languages share: same keys, string leaves. */
export type Messages = DeepStrings<typeof en>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
