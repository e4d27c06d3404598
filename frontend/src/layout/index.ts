export { AppLayout } from './AppLayout';
export { PublicTopBar } from './PublicTopBar';
export { PageSpinner, FullPageSpinner } from './PageSpinner';
