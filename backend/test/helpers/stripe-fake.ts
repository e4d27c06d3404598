import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for the Stripe endpoints the adapter calls (customers, payment method attach, retrieve and
 * detach, payment intents), so the real `stripe` SDK can be tested with no network. Test payment methods follow
 * Stripe's names: pm_card_visa succeeds, pm_card_chargeDeclined is refused at attach, pm_card_chargeCustomerFail
 * attaches and then fails to charge.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
}

interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export class StripeFake {
  readonly requests: RecordedRequest[] = [];
  readonly cards = new Map<string, FakeCard & { customer: string | null; failsToCharge?: boolean }>();
  /** Every PaymentIntent made, by id: its status and the metadata we sent (tests flip a status to 'succeeded'). */
  readonly intents = new Map<string, { status: string; metadata: Record<string, string> }>();
  private readonly server: Server;
  private counter = 0;

  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        const params = new URLSearchParams(req.method === 'GET' ? (req.url ?? '').split('?')[1] : body);
        this.requests.push({ method: req.method ?? '', path, params, headers: req.headers });
        const [status, payload] = this.route(req.method ?? '', path, params);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.counter}` });
        res.end(JSON.stringify(payload));
      });
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Makes a card the browser would have tokenised with Stripe Elements. */
  addCard(id: string, card: Partial<FakeCard> & { failsToCharge?: boolean } = {}): string {
    this.cards.set(id, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, customer: null, ...card });
    return id;
  }

  calls(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  private route(method: string, path: string, params: URLSearchParams): [number, unknown] {
    const id = () => `${++this.counter}`.padStart(6, '0');
    if (method === 'POST' && path === '/v1/customers') {
      return [200, { id: `cus_fake${id()}`, object: 'customer', email: params.get('email') }];
    }
    const pm = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path);
    if (pm) {
      const card = this.cards.get(pm[1]);
      if (pm[1] === 'pm_card_chargeDeclined') return [402, cardError('card_declined', 'Your card was declined.')];
      if (pm[1] === 'pm_stripe_down') return [500, { error: { type: 'api_error', message: 'Internal error req_123' } }];
      if (!card) return [404, missing(pm[1])];
      if (pm[2] === '/attach') card.customer = params.get('customer');
      if (pm[2] === '/detach') card.customer = null;
      return [200, this.paymentMethod(pm[1])];
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const known = this.intents.get(intent[1]);
      if (!known) return [404, missing(intent[1])];
      return [200, { id: intent[1], object: 'payment_intent', ...known }];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = `pi_fake${id()}`;
      const card = this.cards.get(params.get('payment_method') ?? '');
      if (!card) return [404, missing(params.get('payment_method') ?? '')];
      const metadata = Object.fromEntries(
        [...params.entries()]
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      this.intents.set(intentId, { status: card.failsToCharge ? 'requires_payment_method' : 'succeeded', metadata });
      if (card.failsToCharge) {
        return [402, cardError('card_declined', 'Your card was declined.', { payment_intent: { id: intentId } })];
      }
      return [
        200,
        {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(params.get('amount')),
          currency: params.get('currency'),
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  paymentMethod(id: string) {
    const card = this.cards.get(id)!;
    const { brand, last4, exp_month, exp_year, customer } = card;
    return { id, object: 'payment_method', type: 'card', customer, card: { brand, last4, exp_month, exp_year } };
  }
}

const cardError = (code: string, message: string, extra: object = {}) => ({
  error: { type: 'card_error', code, decline_code: 'generic_decline', message, ...extra },
});

const missing = (id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'payment_method',
    message: `No such PaymentMethod: '${id}'`,
  },
});
