export { PrivacyPage as default } from './LegalPage';
