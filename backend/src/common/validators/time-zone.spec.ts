import { describe, expect, it } from '@jest/globals';
import { isTimeZone } from './time-zone.js';

describe('isTimeZone', () => {
  it.each(['America/New_York', 'America/Vancouver', 'Europe/Berlin', 'Asia/Kolkata', 'UTC', 'America/Regina'])(
    'accepts %s',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  );

  it.each(['', 'Mars/Olympus_Mons', 'America/New York', 'EST5EDT; DROP TABLE users', 'x'.repeat(65), 42, null])(
    'refuses %j',
    (zone) => expect(isTimeZone(zone)).toBe(false),
  );
});
