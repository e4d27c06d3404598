import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../api/types';

type Session = typeof import('./authSession');

/** An in-memory Web Storage: one stands for the browser's localStorage, one per tab for its sessionStorage. */
class MemoryStorage {
  private readonly entries = new Map<string, string>();
  get length() {
    return this.entries.size;
  }
  key = (index: number) => [...this.entries.keys()][index] ?? null;
  getItem = (key: string) => this.entries.get(key) ?? null;
  setItem = (key: string, value: string) => void this.entries.set(key, String(value));
  removeItem = (key: string) => void this.entries.delete(key);
  clear = () => this.entries.clear();
}

let browser: MemoryStorage;
beforeEach(() => {
  browser = new MemoryStorage();
  vi.stubGlobal('localStorage', browser);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * A tab of the browser: its own sessionStorage and its own page (a fresh copy of the module, as a page load gets).
 * `act` runs its code with the tab's storage in place; `reload` is a new page load in the same tab.
 */
const openTab = async () => {
  const storage = new MemoryStorage();
  const load = async () => {
    vi.resetModules();
    vi.stubGlobal('sessionStorage', storage);
    return (await import('./authSession')) as Session;
  };
  let page = await load();
  return {
    storage,
    act: <T>(run: (session: Session) => T): T => {
      vi.stubGlobal('sessionStorage', storage);
      return run(page);
    },
    reload: async () => {
      page = await load();
    },
  };
};

const session = (person: string, company: string, token = `${person}-${company}`): AuthSession =>
  ({
    token,
    user: { id: person, email: `${person}@example.com`, company_name: `${company} Co`, company_id: company },
  }) as AuthSession;

describe('each tab acts for the company chosen in it', () => {
  it('starts a new tab from the browser’s latest sign-in', async () => {
    const first = await openTab();
    first.act((s) => s.storeSession(session('pat', 'heartland')));
    const second = await openTab();
    expect(second.act((s) => s.getToken())).toBe('pat-heartland');
    expect(second.act((s) => s.tabCompanyId())).toBe('heartland');
  });

  it('keeps a tab on its company when another tab switches, through a reload too', async () => {
    const a = await openTab();
    a.act((s) => s.storeSession(session('pat', 'heartland')));
    const b = await openTab();
    b.act((s) => s.getToken());
    b.act((s) => s.storeSession(session('pat', 'big-sky')));

    expect(a.act((s) => [s.getToken(), s.tabCompanyId(), s.getStoredUser()?.company_name])).toEqual([
      'pat-heartland',
      'heartland',
      'heartland Co',
    ]);
    await a.reload();
    expect(a.act((s) => s.tabCompanyId())).toBe('heartland');
    expect(b.act((s) => s.tabCompanyId())).toBe('big-sky');
    // The switch is where a new tab starts.
    const c = await openTab();
    expect(c.act((s) => s.tabCompanyId())).toBe('big-sky');
  });

  it('signs every tab out at its next read when one signs out', async () => {
    const a = await openTab();
    a.act((s) => s.storeSession(session('pat', 'heartland')));
    const b = await openTab();
    b.act((s) => s.storeSession(session('pat', 'big-sky')));
    b.act((s) => s.clearSession());
    expect(a.act((s) => s.getToken())).toBeNull();
    await a.reload();
    expect(a.act((s) => s.getToken())).toBeNull();
  });

  it('never lets an open page act for another person who signed in elsewhere; a reload starts as them', async () => {
    const a = await openTab();
    a.act((s) => s.storeSession(session('pat', 'heartland')));
    const b = await openTab();
    b.act((s) => s.storeSession(session('sam', 'plains')));
    expect(a.act((s) => [s.getToken(), s.tabCompanyId()])).toEqual([null, null]);
    // Still signed out while the page that showed Pat's work is open.
    expect(a.act((s) => s.getToken())).toBeNull();
    await a.reload();
    expect(a.act((s) => s.getToken())).toBe('sam-plains');
  });

  it("drops only the tab's own ended session, not another tab's newer one", async () => {
    const a = await openTab();
    a.act((s) => s.storeSession(session('pat', 'heartland')));
    const b = await openTab();
    b.act((s) => s.storeSession(session('pat', 'big-sky')));
    a.act((s) => s.forgetTabSession());
    expect(a.act((s) => s.getToken())).toBeNull();
    expect(b.act((s) => s.getToken())).toBe('pat-big-sky');
    // The same sign-in in both: it ends for the browser too.
    b.act((s) => s.forgetTabSession());
    expect(browser.getItem('token')).toBeNull();
  });

  it("keeps the settings cache of the tab's company apart from the other tab's", async () => {
    const a = await openTab();
    a.act((s) => s.storeSession(session('pat', 'heartland')));
    a.act((s) => s.storeSettingsCache({ distance_unit: 'miles' }));
    const b = await openTab();
    b.act((s) => s.storeSession(session('pat', 'big-sky')));
    b.act((s) => s.storeSettingsCache({ distance_unit: 'km' }));
    a.act((s) => s.storeSettingsCache({ distance_unit: 'miles', date_format: 'MM/DD/YYYY' }));
    expect(a.act((s) => s.readSettingsCache())).toEqual({ distance_unit: 'miles', date_format: 'MM/DD/YYYY' });
    expect(b.act((s) => s.readSettingsCache())).toEqual({ distance_unit: 'km' });
  });

  it('goes on naming the company a page showed where the browser gives tabs no storage of their own', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    vi.resetModules();
    const tabA = (await import('./authSession')) as Session;
    tabA.storeSession(session('pat', 'heartland'));
    vi.resetModules();
    const tabB = (await import('./authSession')) as Session;
    tabB.storeSession(session('pat', 'big-sky'));
    // Tab A now sends Big Sky's token, but still names Heartland: the server refuses rather than save there.
    expect([tabA.getToken(), tabA.tabCompanyId()]).toEqual(['pat-big-sky', 'heartland']);
    expect(tabB.tabCompanyId()).toBe('big-sky');
  });

  it("names the tab's company beside its token in every call to the API", async () => {
    const a = await openTab();
    a.act((s) => s.storeSession(session('pat', 'heartland')));
    vi.resetModules();
    vi.stubGlobal('sessionStorage', a.storage);
    const { apiHeaders } = await import('./httpClient');
    const headers = new Headers();
    apiHeaders(headers);
    expect([headers.get('Authorization'), headers.get('X-Company-Id')]).toEqual(['Bearer pat-heartland', 'heartland']);
  });
});
