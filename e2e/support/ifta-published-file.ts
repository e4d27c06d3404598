import { join } from 'node:path';
import { type PublishedQuarter, publishedMatrixBytes } from '../../backend/test/helpers/ifta-published-file';

export { retitled, withCell, withoutJurisdictions, withRate } from '../../backend/test/helpers/ifta-published-file';

const FIXTURES = join(__dirname, '../../backend/test/fixtures/ifta-published');

/** IFTA, Inc.'s own matrix file of `quarter`, byte for byte (backend/test/fixtures/ifta-published names the source). */
export const publishedMatrixFile = (quarter: PublishedQuarter): Buffer => publishedMatrixBytes(FIXTURES, quarter);
