import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RecordsRepository } from './records.repository.js';

export const RECEIPT_STORAGE_FULL = 'RECEIPT_STORAGE_FULL';

const MIB = 1024 * 1024;

/** Megabytes as the message shows them: whole thousands grouped, at most one decimal (1,536.5). */
const megabytes = (bytes: number) => (bytes / MIB).toLocaleString('en-US', { maximumFractionDigits: 1 });

export const receiptStorageFullMessage = (usedBytes: number, limitBytes: number) =>
  `Receipt storage is full: ${megabytes(usedBytes)} MB of ${megabytes(limitBytes)} MB used. Delete receipts you no longer need or contact support.`;

export interface ReceiptStorageUsage {
  used: number;
  limit: number;
}

/**
 * The bytes of receipts a company may keep (RECEIPT_STORAGE_MB_PER_COMPANY, docs/configuration.md): one company's
 * uploads must not fill the database or the bucket every company shares. Exported for the usage figures in Settings.
 */
@Injectable()
export class ReceiptStorageQuota {
  constructor(
    private readonly repository: RecordsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Bytes used and allowed, as Settings shows them. */
  async usage(companyId: string): Promise<ReceiptStorageUsage> {
    return { used: await this.repository.receiptBytes(companyId), limit: this.config.receiptStorageBytesPerCompany };
  }

  /** Throws 403 RECEIPT_STORAGE_FULL, naming the quota, when `after` bytes would pass it (`used`: bytes kept now). */
  ensureRoom(after: number, used: number): void {
    const limit = this.config.receiptStorageBytesPerCompany;
    if (after <= limit) return;
    throw new ForbiddenException({
      error: receiptStorageFullMessage(used, limit),
      code: RECEIPT_STORAGE_FULL,
      limit,
      used,
    });
  }
}
