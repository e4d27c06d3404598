import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentRole, roleAtLeast } from './memberRole';

let stored: Record<string, string>;
beforeEach(() => {
  stored = {};
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
});
afterEach(() => vi.unstubAllGlobals());

const signedInAs = (user: Record<string, unknown>) => {
  stored.user = JSON.stringify({ id: 'p1', email: 'p@example.com', company_name: 'Acme', ...user });
};

describe("the screens hide what the signed-in person's role cannot do", () => {
  it('orders the roles viewer < bookkeeper < admin < owner', () => {
    expect(roleAtLeast('viewer', 'bookkeeper')).toBe(false);
    expect(roleAtLeast('bookkeeper', 'bookkeeper')).toBe(true);
    expect(roleAtLeast('admin', 'owner')).toBe(false);
    expect(roleAtLeast('owner', 'admin')).toBe(true);
  });

  it('reads the role the sign-in answered', () => {
    signedInAs({ company_id: 'c1', role: 'viewer' });
    expect(currentRole()).toBe('viewer');
  });

  it('takes a user stored before companies had members for the owner it signed in as', () => {
    signedInAs({});
    expect(currentRole()).toBe('owner');
  });
});
