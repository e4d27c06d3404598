import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedWorkOwner } from './authSession';

let stored: Record<string, string>;
beforeEach(() => {
  stored = {};
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
});
afterEach(() => vi.unstubAllGlobals());

const signedInAs = (user: Record<string, unknown>) => {
  stored.user = JSON.stringify({ id: 'p1', email: 'p@example.com', company_name: 'Acme', ...user });
};

describe("the calculator's autosave is kept per person and company", () => {
  it('keeps a person working in two companies apart', () => {
    signedInAs({ company_id: 'client-a', role: 'owner' });
    const inA = storedWorkOwner();
    signedInAs({ company_id: 'client-b', role: 'owner' });
    const inB = storedWorkOwner();
    expect(inA).toBe('p1@client-a');
    expect(inB).toBe('p1@client-b');
  });

  it("keeps the key a company's first owner always had in their own company", () => {
    signedInAs({ company_id: 'p1', role: 'owner' });
    expect(storedWorkOwner()).toBe('p1');
    signedInAs({});
    expect(storedWorkOwner()).toBe('p1');
  });

  it('has no owner when nobody is signed in', () => {
    expect(storedWorkOwner()).toBeNull();
  });
});
