import { describe, expect, it, jest } from '@jest/globals';
import { InvoicesService } from './invoices.service.js';

describe('InvoicesService when the app stops', () => {
  it("waits for the e-mail of a payment being written, so a restart never drops an invoice's e-mail", async () => {
    const steps: string[] = [];
    let found: () => void = () => undefined;
    const invoices = {
      findOneByOrFail: () =>
        new Promise((resolve) => {
          found = () => resolve({ id: 'inv-1' });
        }),
    };
    const outbox = { deliverSoon: () => steps.push('delivery asked') };
    const service = new InvoicesService(
      invoices as never,
      {} as never,
      {} as never,
      {} as never,
      outbox as never,
      {} as never,
    );
    const email = jest
      .spyOn(service as unknown as { email: () => Promise<void> }, 'email')
      .mockImplementation(async () => {
        steps.push('e-mail written');
      });

    void service.emailAfterPayment('inv-1');
    const stopping = service.onModuleDestroy().then(() => steps.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual([]); // the invoice is still being read: the app does not stop yet
    found();
    await stopping;
    expect(steps).toEqual(['e-mail written', 'delivery asked', 'stopped']);
    expect(email).toHaveBeenCalledTimes(1);
  });

  it('stops at once when no e-mail is being written', async () => {
    const service = new InvoicesService({} as never, {} as never, {} as never, {} as never, {} as never, {} as never);
    await expect(service.onModuleDestroy()).resolves.toBeUndefined();
  });
});
