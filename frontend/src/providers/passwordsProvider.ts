import { client } from '../api/client';

/** The password calls of Settings and of the signed-out forgot/reset pages, so those screens build no URL. */
export interface PasswordsMethods {
  /** Changes the signed-in account's password; the server signs every other device out. */
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
  /** Asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
  requestPasswordReset: (email: string) => Promise<void>;
  /** Sets a new password with the token of an e-mailed link. */
  resetPassword: (token: string, password: string) => Promise<void>;
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
};
