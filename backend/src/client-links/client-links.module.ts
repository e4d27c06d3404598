import { Module } from '@nestjs/common';
import { ClientLinksRepository } from './client-links.repository.js';

/**
 * Which companies a preparer manages and who pays for each, on its own so that the subscriptions feature (which
 * asks who pays) needs none of the rest of the companies feature.
 */
@Module({
  providers: [ClientLinksRepository],
  exports: [ClientLinksRepository],
})
export class ClientLinksModule {}
