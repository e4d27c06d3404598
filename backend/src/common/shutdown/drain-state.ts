import { Injectable } from '@nestjs/common';

/**
 * Whether this replica is shutting down. The health check answers 503 from the moment it is, so a load balancer
 * that probes it (Caddy's health_uri in docker-compose.yml) stops sending new requests before the listener closes.
 */
@Injectable()
export class DrainState {
  private drainingSince?: Date;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  begin(): void {
    this.drainingSince ??= new Date();
  }
}
