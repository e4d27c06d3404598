import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { passwordPool } from './password.js';

/** Ends the password threads with the app, as the file pool's are (a later sign-in in the same process starts anew). */
@Injectable()
export class PasswordPoolLifecycle implements OnModuleDestroy {
  async onModuleDestroy(): Promise<void> {
    await passwordPool.destroy();
  }
}
