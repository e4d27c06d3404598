export { en } from './en';
export { ru } from './ru';
import { LANGUAGES } from '../api/constants';

export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
