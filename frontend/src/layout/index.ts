export { PublicTopBar } from './PublicTopBar';
export { PageSpinner, FullPageSpinner } from './PageSpinner';
