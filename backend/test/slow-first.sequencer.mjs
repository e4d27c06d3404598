import TestSequencer from '@jest/test-sequencer';

/**
 * The suites that take longest start first, so the run's workers finish together instead of one worker running the
 * longest suite alone at the end (a clean CI checkout has no timings cache for Jest's own ordering). Measured with two
 * workers on this project's machine; the rest keep Jest's order (failed and slow first when it has a cache).
 */
const SLOWEST = [
  'app.hostile-input-a',
  'app.hostile-input-b',
  'app.security',
  'records',
  'app.integrity',
  'billing.stripe',
  'calculator',
  'records.cap',
  'common.upload-leases',
  'subscriptions',
  'mail.outbox',
];

const rank = (path) => {
  const index = SLOWEST.findIndex((name) => path.endsWith(`/${name}.e2e-spec.ts`));
  return index === -1 ? SLOWEST.length : index;
};

export default class SlowFirstSequencer extends TestSequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    return [...ordered].sort((a, b) => rank(a.path) - rank(b.path));
  }
}
