import { describe, expect, it } from 'vitest';
import { attachmentLabel } from './receiptLabel';

describe('attachmentLabel', () => {
  it('names the type and the size in KB or MB', () => {
    expect(attachmentLabel({ content_type: 'image/png', size: 12_595 })).toBe('PNG, 12.3 KB');
    expect(attachmentLabel({ content_type: 'image/jpeg', size: 20 })).toBe('JPEG, 0.1 KB');
    expect(attachmentLabel({ content_type: 'application/pdf', size: 4.5 * 1024 * 1024 })).toBe('PDF, 4.5 MB');
  });
});
