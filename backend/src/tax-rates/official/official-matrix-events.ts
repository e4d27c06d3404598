import { Injectable, Logger } from '@nestjs/common';

export interface MatrixPublished {
  /** 'Q3-2026'. */
  quarter: string;
  matrixId: string;
  version: number;
}

type Listener = (event: MatrixPublished) => Promise<void>;

/**
 * Tells other features that a quarter's official rates changed in every account's table (reports reprice the
 * drafts that used provisional rates). The tax-rate feature knows no feature that listens: a listener registers
 * itself, so the dependency runs one way. A failing listener is logged and does not stop the others.
 */
@Injectable()
export class OfficialMatrixEvents {
  private readonly logger = new Logger('OfficialMatrixEvents');
  private readonly listeners: Listener[] = [];

  onPublished(listener: Listener): void {
    this.listeners.push(listener);
  }

  async published(event: MatrixPublished): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.logger.error(
          `a listener of the ${event.quarter} matrix failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
