import { BadRequestException, Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { FileStorage } from '../common/storage/file-storage.js';
import { isUuid } from '../common/validators/uuid.js';
import { RECEIPT_FILE_TYPES } from './dto/record-response.dto.js';
import { RecordsRepository } from './records.repository.js';
import { RecordsService } from './records.service.js';
import { ReceiptStorageQuota } from './receipt-storage-quota.js';

const EXTENSIONS: Record<(typeof RECEIPT_FILE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

const fileError = (message: string) => new BadRequestException({ error: message, message, fields: { file: message } });
const noPurchase = () => new NotFoundException({ error: 'Record not found' });
const noAttachment = () => new NotFoundException({ error: 'This fuel purchase has no receipt attached' });

/** Where the storage port keeps an account's receipt of a purchase: one per purchase, replaced by the next. */
const keyOf = (userId: string, id: string) => `receipts/${userId}/${id}`;

/**
 * The receipt image or PDF attached to a fuel purchase, for an audit: its type is read from its bytes (never the
 * name or the Content-Type the client sent), the bytes go to the storage port, the purchase records what is there.
 */
@Injectable()
export class ReceiptAttachmentsService {
  constructor(
    private readonly repository: RecordsRepository,
    private readonly records: RecordsService,
    private readonly storage: FileStorage,
    private readonly quota: ReceiptStorageQuota,
  ) {}

  async attach(userId: string, id: string, file: { buffer: Buffer } | undefined) {
    await this.records.get('fuel', userId, id);
    if (!file || file.buffer.length === 0) throw fileError('Send the receipt (JPEG, PNG or PDF) in the "file" field');
    const type = (await fileTypeFromBuffer(file.buffer))?.mime;
    if (!type || !(RECEIPT_FILE_TYPES as readonly string[]).includes(type)) {
      throw fileError(`A receipt must be a JPEG, PNG or PDF file; this one is ${type ?? 'of no type recognised'}`);
    }
    const key = keyOf(userId, id);
    const size = file.buffer.length;
    // Checked and written under the company's storage lock: uploads sent at once are counted one after another.
    await this.repository.underReceiptStorageLock(userId, async (manager, used) => {
      // A replaced receipt gives its bytes back, so only the difference counts.
      const replaced = (await this.repository.attachment(userId, id, manager))?.size ?? 0;
      this.quota.ensureRoom(used - replaced + size, used);
      // In the locked transaction: the PostgreSQL driver writes with it, so an upload takes one connection, never a
      // second one while others wait for the lock on theirs (a burst of uploads could otherwise empty the pool).
      await this.storage.put(key, file.buffer, type, manager);
      // A purchase deleted while its file was stored leaves no row to say so: drop the file, answer as for none.
      if (!(await this.repository.setAttachment(userId, id, { key, content_type: type, size }, manager))) {
        await this.storage.delete(key, manager);
        throw noPurchase();
      }
    });
    return this.records.get('fuel', userId, id);
  }

  async open(userId: string, id: string): Promise<StreamableFile> {
    const attached = isUuid(id) ? await this.repository.attachment(userId, id) : undefined;
    if (!attached) throw noAttachment();
    const stored = await this.storage.get(attached.key);
    if (!stored) throw noAttachment();
    const extension = EXTENSIONS[stored.contentType as keyof typeof EXTENSIONS] ?? 'bin';
    return new StreamableFile(stored.stream, {
      type: stored.contentType,
      length: stored.size,
      disposition: `inline; filename="receipt-${id}.${extension}"`,
    });
  }

  async detach(userId: string, id: string) {
    await this.records.get('fuel', userId, id);
    const attached = await this.repository.attachment(userId, id);
    if (!attached) throw noAttachment();
    await this.repository.setAttachment(userId, id, null);
    await this.storage.delete(attached.key);
    return this.records.get('fuel', userId, id);
  }
}
