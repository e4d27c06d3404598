import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadProgress } from '../providers/fileTransfer';
import { packetYears } from './AuditPacketDialog';
import { recordsProvider } from '../providers/recordsProvider';

/** A response whose body arrives in the given chunks, then ends, or fails when `cut` (the server stopped). */
function streamed(chunks: string[], headers: Record<string, string>, cut = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (cut) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
});
afterEach(() => vi.unstubAllGlobals());

const HEADERS = {
  'Content-Type': 'application/zip',
  'Content-Disposition': 'attachment; filename="audit-packet-2026.zip"',
  'X-Audit-Packet-Estimated-Bytes': '10',
};

describe('the audit packet download', () => {
  it('asks for the period (and unit), reports each chunk against the estimate, and keeps every byte', async () => {
    fetchMock.mockResolvedValueOnce(streamed(['PK', '\u0003\u0004ab', 'cdef'], HEADERS));
    const seen: DownloadProgress[] = [];
    const file = await recordsProvider.auditPacket('2026', 'T-1', (p) => seen.push(p));
    const asked = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(asked.pathname).toBe('/api/protected/records/audit-packet');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ period: '2026', unit: 'T-1' });
    expect(seen).toEqual([
      { received: 0, estimated: 10 },
      { received: 2, estimated: 10 },
      { received: 6, estimated: 10 },
      { received: 10, estimated: 10 },
    ]);
    expect(file.fileName).toBe('audit-packet-2026.zip');
    expect(await file.blob.text()).toBe('PK\u0003\u0004abcdef');
  });

  it('fails as a network failure when the response is cut short, never a truncated file', async () => {
    fetchMock.mockResolvedValueOnce(streamed(['PK'], HEADERS, true));
    await expect(recordsProvider.auditPacket('Q3-2026', '', () => undefined)).rejects.toMatchObject({ status: 0 });
  });

  it("fails with the server's reason on a refusal", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Unit not found', message: 'Unit not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await expect(recordsProvider.auditPacket('Q3-2026', 'X', () => undefined)).rejects.toMatchObject({
      status: 404,
      message: 'Unit not found',
    });
  });

  it('offers the four years an auditor asks for, newest first', () => {
    expect(packetYears(['Q4-2026', 'Q3-2026', 'Q4-2025'])).toEqual(['2026', '2025', '2024', '2023']);
  });
});
