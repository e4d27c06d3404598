import { describe, expect, it } from '@jest/globals';
import { containsPattern, escapeLike } from './like.js';

describe('LIKE patterns from typed text', () => {
  it('takes %, _ and \\ literally', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
  });

  it('wraps the escaped text for a "contains" search', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
