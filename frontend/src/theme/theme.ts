import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** A calm blue SaaS look on top of react-admin's default theme. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6', contrastText: '#ffffff' },
    secondary: { main: '#0f172a' },
    success: { main: '#15803d' },
    error: { main: '#b91c1c' },
    warning: { main: '#b45309' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 700, letterSpacing: '-0.02em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    // A ring a keyboard user can see on every button, link, checkbox and menu item, not only
    // MUI's faint focus ripple.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #1d4ed8', outlineOffset: 2 } },
      },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': { outline: '3px solid #1d4ed8', outlineOffset: 2 } } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiTextField: { defaultProps: { variant: 'outlined', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'outlined' } },
  },
};
