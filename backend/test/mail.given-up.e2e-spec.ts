import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Outbox } from '../src/mail/outbox.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp, uniqueEmail } from './helpers/test-app.js';

const FAILURES = '/api/operator/mail-failures';

/**
 * An e-mail the sender gave up on is an alert in the operator console (what, to whom, the last error), and Send
 * again puts it back in the queue with its idempotency key; only operators see any of it.
 */
describe('e-mails given up, for the operator', () => {
  let t: TestApp;
  let operator: TestAccount;
  let carrier: TestAccount;
  beforeAll(async () => {
    const email = uniqueEmail('operator');
    t = await createTestApp({ OPERATOR_EMAILS: email });
    operator = await registerAccount(t.http, { email }, { proven: true });
    carrier = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  it('lists a given-up e-mail with its last error, sends it again on request, and refuses a carrier', async () => {
    const key = `given-up-test:${carrier.user.id}`;
    await t.app.get(Outbox).enqueueAlone({ key, to: carrier.user.email, subject: 'A message that failed', text: 'x' });
    // As the sender leaves a message past MAIL_GIVE_UP_HOURS: failed, with the transport's last answer.
    await t.app.get(DataSource).query(
      `UPDATE outbox_messages SET status = 'failed', attempts = 9, last_error = 'connect ECONNREFUSED'
         WHERE idempotency_key = $1`,
      [key],
    );
    await t.http.get(FAILURES).set(carrier.auth).expect(403);
    const list = (await t.http.get(FAILURES).set(operator.auth).expect(200)).body;
    const failed = list.data.find((mail: { idempotency_key: string }) => mail.idempotency_key === key);
    expect(failed).toMatchObject({
      recipient: carrier.user.email,
      subject: 'A message that failed',
      attempts: 9,
      last_error: 'connect ECONNREFUSED',
    });

    await t.http.post(`${FAILURES}/${failed.id}/retry`).set(carrier.auth).expect(403);
    expect((await t.http.post(`${FAILURES}/${failed.id}/retry`).set(operator.auth).expect(200)).body).toEqual({
      id: failed.id,
      requeued: true,
    });
    await t.app.get(Outbox).deliverNow();
    expect(await t.app.get(Outbox).statusOf(key)).toBe('sent');
    // Sent now: no longer given up, and a second retry finds nothing to retry.
    await t.http.post(`${FAILURES}/${failed.id}/retry`).set(operator.auth).expect(404);
    const after = (await t.http.get(FAILURES).set(operator.auth).expect(200)).body;
    expect(after.data.some((mail: { idempotency_key: string }) => mail.idempotency_key === key)).toBe(false);
  });
});
