import TestSequencer from '@jest/test-sequencer';

/**
 * The suites that time `/api/health` while hostile work runs go first, in a fresh process. Run in band, every
 * suite shares one process whose heap grows with each (about 70 suites' modules, apps and fixtures); measured late
 * in a run, the same hostile requests met garbage-collection pauses of 300-500 ms that belong to the test process,
 * not to the app (a production process holds one app). Measured first, a health call's worst was 20-60 ms.
 * The rest keep Jest's own order (failed and slow first).
 */
const TIMED = [
  'app.request-bounds',
  'records.import-problems',
  'common.fair-file-threads',
  'calculator.hostile-workbooks',
];

const timedRank = (path) => {
  const index = TIMED.findIndex((name) => path.includes(`/${name}.`));
  return index === -1 ? TIMED.length : index;
};

export default class TimingFirstSequencer extends TestSequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    return [...ordered].sort((a, b) => timedRank(a.path) - timedRank(b.path));
  }
}
