import { body, client } from '../api/client';
import type { AuthSession } from '../api/types';

/** The password calls of Settings and of the signed-out forgot/reset pages, so those screens build no URL. */
export interface PasswordsMethods {
  /** Changes the signed-in account's password; the server signs every other device out. */
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
  /** Asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
  requestPasswordReset: (email: string) => Promise<void>;
  /** Sets a new password with the token of an e-mailed link. */
  resetPassword: (token: string, password: string) => Promise<void>;
  /** Proves the account's address with the token of the mailed link and the password; answers a new sign-in. */
  proveEmail: (token: string, password: string) => Promise<AuthSession>;
  /** Mails the signed-in person a new link to prove their address (one per five minutes). */
  resendEmailProof: () => Promise<void>;
}

export const passwordsMethods: PasswordsMethods = {
  changePassword: async (currentPassword, newPassword) => {
    await client.POST('/api/auth/change-password', {
      body: { current_password: currentPassword, new_password: newPassword },
    });
  },
  requestPasswordReset: async (email) => {
    await client.POST('/api/auth/forgot-password', { body: { email } });
  },
  resetPassword: async (token, password) => {
    await client.POST('/api/auth/reset-password', { body: { token, password } });
  },
  proveEmail: (token, password) => body(client.POST('/api/auth/verify-email', { body: { token, password } })),
  resendEmailProof: async () => {
    await client.POST('/api/auth/verify-email/resend');
  },
};
