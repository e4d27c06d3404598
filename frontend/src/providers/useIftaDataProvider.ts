import { useDataProvider } from 'react-admin';
import type { IftaDataProvider } from './dataProvider';

/** The app's dataProvider with its named, non-CRUD methods typed. */
export const useIftaDataProvider = (): IftaDataProvider => useDataProvider<IftaDataProvider>();
