/** The e-mail of a renewal the card refused: what failed, until when access stays, and where to fix the card. */
export function renewalFailedMessage(input: {
  plan: string;
  amount: number | string;
  currency: string;
  failure: string | null;
  accessUntil: Date;
  settingsUrl: string;
}): { subject: string; text: string } {
  const amount = `${Number(input.amount).toFixed(2)} ${input.currency}`;
  const until = input.accessUntil.toISOString().slice(0, 10);
  return {
    subject: 'Your IFTA Fuel Tax renewal payment failed',
    text:
      `The monthly renewal of your ${input.plan} plan (${amount}) could not be charged to your card` +
      `${input.failure ? `: ${input.failure}` : ''}.\n\n` +
      `Your account stays open until ${until}. To keep it, add or choose another card in Settings, then resume the ` +
      `subscription there:\n${input.settingsUrl}\n`,
  };
}
