import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { type AccountIds, createAccountData } from './account-fixtures.js';
import { snapshotAccount } from './account-snapshot.js';
import {
  type HostileBody,
  hostileBody,
  hostileHeaders,
  hostilePathValue,
  hostileQuery,
} from './hostile-arbitraries.js';
import { type Route, routeName } from './openapi-routes.js';
import { type OwnDatabase, ownDatabase } from './own-database.js';
import { tableCounts } from './table-counts.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './test-app.js';
import { workbookBuffer } from './xlsx.js';

/**
 * Property: whatever body, query string, headers and path values reach a documented route, the app never answers
 * 5xx, every refusal has the one error shape, and a refused request writes nothing anywhere. Bounded runs keep CI
 * short; FUZZ_RUNS raises them locally and FUZZ_SEED replays a failure fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * The hostile-input property over `routes` (a half of openapi.json's routes: the two halves are two suites, so two
 * Jest workers share the run's longest suite).
 */
export function hostileInputSuite(label: string, routes: readonly Route[]): void {
  describe(`hostile input on ${label}`, () => {
    let t: TestApp;
    let db: DataSource;
    let workbook: Buffer;
    let own: OwnDatabase;
    beforeAll(async () => {
      // Its own database: every call below counts every table's rows, which took minutes once the other suites'
      // tens of thousands of reports and trips were in the shared one.
      own = await ownDatabase('hostile');
      t = await createTestApp({ DATABASE_URL: own.url });
      db = t.app.get(DataSource);
      workbook = await workbookBuffer((wb) => {
        const sheet = wb.addWorksheet('IFTA Data');
        sheet.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased']);
        sheet.addRow(['TX', 1600, 1500, 200]);
      });
    });
    afterAll(async () => {
      await t?.close();
      await own?.drop();
    });

    function send(
      route: Route,
      account: TestAccount,
      path: string,
      body: HostileBody,
      query: Record<string, string | string[]>,
      headers: Record<string, string>,
    ) {
      let req = t.http[route.method](path).set(headers).set(account.auth).query(query);
      if (route.body?.kind === 'multipart' && body.kind === 'json' && body.value && typeof body.value === 'object') {
        for (const [name, value] of Object.entries(body.value)) req = req.field(name, JSON.stringify(value) ?? '');
        return req.attach('file', workbook, 'rows.xlsx');
      }
      if (body.kind === 'json') return req.set('Content-Type', 'application/json').send(JSON.stringify(body.value));
      if (body.kind === 'raw') return req.set('Content-Type', body.contentType).send(body.text);
      return req;
    }

    const describeCall = (res: Response) => `${res.status} ${res.text?.slice(0, 300)}`;

    it.each(routes.map((route) => [routeName(route), route] as const))(
      '%s: never 5xx, one error shape, no write from a refusal',
      async (_name, route) => {
        // A fresh account per route: a successful DELETE or settings change in one route's runs cannot starve another.
        const account = await registerAccount(t.http);
        const ids: AccountIds = await createAccountData(t.http, account, t.app);
        const pathValues = fc.record(
          Object.fromEntries(
            route.path
              .split('/')
              .map((segment, i, all) => [segment, all[i - 1]] as const)
              .filter(([segment]) => /^\{.+\}$/.test(segment))
              .map(([segment, resource]) => [segment, hostilePathValue(ids[resource] ?? 'none')]),
          ),
        );
        let counts = await tableCounts(db);
        let snapshot = await snapshotAccount(db, account.user.id);
        await fc.assert(
          fc.asyncProperty(
            hostileBody(route),
            hostileQuery(route),
            hostileHeaders,
            pathValues,
            async (body, query, headers, values) => {
              const path = Object.entries(values).reduce(
                (p, [segment, value]) => p.replace(segment, value),
                route.path,
              );
              const res = await send(route, account, path, body, query, headers);
              expect({ call: describeCall(res), serverError: res.status >= 500 }).toMatchObject({ serverError: false });
              if (res.status < 400) {
                counts = await tableCounts(db);
                snapshot = await snapshotAccount(db, account.user.id);
                return;
              }
              expect(res.body).toMatchObject({
                statusCode: res.status,
                error: expect.any(String),
                message: expect.any(String),
              });
              expect(await tableCounts(db)).toEqual(counts);
              expect(await snapshotAccount(db, account.user.id)).toEqual(snapshot);
            },
          ),
          { numRuns: RUNS, seed: SEED },
        );
      },
    );
  });
}
