/**
 * Paid features answer 403 without a subscription, so a benchmark account subscribes first, through the built-in
 * sandbox card provider, to the plan without a report limit (Enterprise): a benchmark creates thousands of reports.
 */
export async function subscribeForBench(base, auth) {
  const card = await fetch(`${base}/api/sandbox/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    }),
  });
  if (!card.ok) throw new Error(`sandbox card answered ${card.status}: ${await card.text()}`);
  const { id } = await card.json();
  const subscribed = await fetch(`${base}/api/protected/subscriptions`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ plan_id: 'enterprise', payment_method: id }),
  });
  if (!subscribed.ok) throw new Error(`subscribe answered ${subscribed.status}: ${await subscribed.text()}`);
}
