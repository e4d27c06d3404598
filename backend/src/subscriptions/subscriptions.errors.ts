import { BadRequestException, ConflictException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';

export const ALREADY_SUBSCRIBED = 'You already have an active subscription';
export const NO_SUBSCRIPTION = 'No active subscription';
export const NOT_CANCELING = 'The subscription is not set to cancel';
export const SUBSCRIPTION_ENDED = 'The subscription has ended; choose a plan and a card to resume it';

export const planNotOnSale = (planId: string) =>
  new BadRequestException({
    error: `plan_id '${planId}' is not a plan on sale`,
    fields: { plan_id: `plan_id '${planId}' is not a plan on sale` },
  });

export const alreadySubscribed = () =>
  new ConflictException({ error: ALREADY_SUBSCRIBED, code: 'SUBSCRIPTION_EXISTS' });
export const noSubscription = () => new NotFoundException({ error: NO_SUBSCRIPTION });
export const samePlan = (name: string) => new ConflictException({ error: `You are already on the ${name} plan` });
export const notCanceling = () => new ConflictException({ error: NOT_CANCELING });
export const subscriptionEnded = () => new ConflictException({ error: SUBSCRIPTION_ENDED, code: 'PAYMENT_REQUIRED' });

/**
 * A client company its preparer pays for: the preparer's subscription opens it, so one of its own would be paid for
 * twice, and the plan is the preparer's to change.
 */
export const billedToPreparer = (payerName: string) =>
  new ConflictException({
    error: `This company's subscription is paid by ${payerName}; ask them to change it`,
    code: 'BILLED_TO_PREPARER',
  });

/** A first charge the provider refused: nothing is kept, the provider's sentence is the answer. */
export const chargeRefused = (message: string | null, code: string | null) =>
  new HttpException(
    { error: message ?? 'Your card was declined.', code: code ?? 'card_declined' },
    HttpStatus.PAYMENT_REQUIRED,
  );
