import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { DataSource } from 'typeorm';
import { addMember } from './helpers/members.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';
import { solidPng } from './helpers/png.js';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const PNG = solidPng();

/** A tax-paid purchase with every receipt field, as the return credits. */
const PURCHASE = {
  date: '2026-08-03',
  unit: 'R-1',
  jurisdiction: 'TX',
  quantity: 50,
  vendor: 'Pilot #12',
  vendor_address: '1200 I-35 N, Dallas TX',
  total_price: 180.5,
};

async function purchase(t: TestApp, who: TestAccount, body: object = PURCHASE): Promise<string> {
  return (await t.http.post('/api/protected/fuel-purchases').set(who.auth).send(body).expect(201)).body.id;
}

const attach = (t: TestApp, who: TestAccount, id: string, bytes: Buffer, name: string, type: string) =>
  t.http
    .post(`/api/protected/fuel-purchases/${id}/attachment`)
    .set(who.auth)
    .attach('file', bytes, { filename: name, contentType: type });

/** The body of a binary answer, whatever its type (supertest buffers only the types it knows). */
const bytesOf = (t: TestApp, who: TestAccount, id: string) =>
  t.http
    .get(`/api/protected/fuel-purchases/${id}/attachment`)
    .set(who.auth)
    .buffer(true)
    .parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => done(null, Buffer.concat(parts)));
    });

describe('receipt attachments of fuel purchases, on the PostgreSQL storage driver', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: TestAccount;
  let id: string;

  beforeAll(async () => {
    delete process.env.STORAGE_DRIVER;
    t = await createTestApp();
    a = await registerAccount(t.http);
    other = await registerAccount(t.http);
    id = await purchase(t, a);
  });
  afterAll(() => t.close());

  it('answers a fuel purchase with no attachment as attachment null', async () => {
    const res = await t.http.get(`/api/protected/fuel-purchases/${id}`).set(a.auth).expect(200);
    expect(res.body.attachment).toBeNull();
    await t.http.get(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(404);
  });

  it.each([
    ['a JPEG', JPEG, 'receipt.jpg', 'image/jpeg'],
    ['a PNG', PNG, 'receipt.png', 'image/png'],
    ['a PDF', PDF, 'receipt.pdf', 'application/pdf'],
  ])('accepts %s, replacing the one before, and serves it inline with its type', async (_, bytes, name, type) => {
    const res = await attach(t, a, id, bytes, name, type).expect(201);
    expect(res.body.attachment).toEqual({ content_type: type, size: bytes.length, uploaded_at: expect.any(String) });
    const served = await bytesOf(t, a, id).expect(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="receipt-[0-9a-f-]+\.(jpg|png|pdf)"$/);
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
    const stored = await t.app
      .get(DataSource)
      .query('SELECT content_type FROM stored_files WHERE key = $1', [`receipts/${a.user.id}/${id}`]);
    expect(stored).toEqual([{ content_type: type }]);
  });

  it('reads the type from the bytes: a PNG named .pdf and sent as a PDF is stored and served as a PNG', async () => {
    const res = await attach(t, a, id, PNG, 'receipt.pdf', 'application/pdf').expect(201);
    expect(res.body.attachment.content_type).toBe('image/png');
    const served = await bytesOf(t, a, id).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/\.png"$/);
  });

  it('refuses an HTML file named .jpg and sent as a JPEG with a 400 naming the file, keeping the one before', async () => {
    const res = await attach(t, a, id, HTML, 'receipt.jpg', 'image/jpeg').expect(400);
    expect(res.body.fields.file).toMatch(/must be a JPEG, PNG or PDF/);
    const kept = await bytesOf(t, a, id).expect(200);
    expect(kept.headers['content-type']).toBe('image/png');
  });

  it('refuses a 6 MB file with a 400 naming the 5 MB limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await attach(t, a, id, big, 'big.png', 'image/png').expect(400);
    expect(res.body.fields.file).toBe('A receipt file must not exceed 5 MB');
  });

  it('refuses a request without a file, or with the file in another field, with a 400', async () => {
    const none = await t.http.post(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(400);
    expect(none.body.fields.file).toMatch(/"file" field/);
    const elsewhere = await t.http
      .post(`/api/protected/fuel-purchases/${id}/attachment`)
      .set(a.auth)
      .attach('receipt', PNG, 'receipt.png')
      .expect(400);
    expect(elsewhere.body.fields.file).toMatch(/"file" field/);
  });

  it('serves it to a member of the company, and answers 404 to another company for every route', async () => {
    const viewer = await addMember(t, a, 'viewer');
    await bytesOf(t, viewer, id).expect(200);
    await t.http.get(`/api/protected/fuel-purchases/${id}/attachment`).set(other.auth).expect(404);
    await attach(t, other, id, JPEG, 'mine.jpg', 'image/jpeg').expect(404);
    await t.http.delete(`/api/protected/fuel-purchases/${id}/attachment`).set(other.auth).expect(404);
    await bytesOf(t, a, id).expect(200);
    await t.http.get('/api/protected/fuel-purchases/not-a-uuid/attachment').set(a.auth).expect(404);
  });

  it('lists the attachment with the purchase, and removes it on DELETE (then 404)', async () => {
    const list = await t.http.get('/api/protected/fuel-purchases').set(a.auth).expect(200);
    const listed = list.body.data.find((row: { id: string }) => row.id === id);
    expect(listed.attachment).toMatchObject({ content_type: 'image/png', size: PNG.length });
    const removed = await t.http.delete(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(200);
    expect(removed.body.attachment).toBeNull();
    await t.http.get(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(404);
    await t.http.delete(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(404);
    const rows = await t.app
      .get(DataSource)
      .query('SELECT 1 FROM stored_files WHERE key = $1', [`receipts/${a.user.id}/${id}`]);
    expect(rows).toEqual([]);
  });

  it('removes the stored file with its fuel purchase', async () => {
    const gone = await purchase(t, a);
    await attach(t, a, gone, JPEG, 'r.jpg', 'image/jpeg').expect(201);
    await t.http.delete(`/api/protected/fuel-purchases/${gone}`).set(a.auth).expect(200);
    const rows = await t.app
      .get(DataSource)
      .query('SELECT 1 FROM stored_files WHERE key = $1', [`receipts/${a.user.id}/${gone}`]);
    expect(rows).toEqual([]);
  });
});

describe('receipt attachments on the S3 storage driver, against a local S3-compatible server', () => {
  const BUCKET = 'receipts-test';
  let server: S3rver;
  let directory: string;
  let endpoint: string;
  let t: TestApp;
  let a: TestAccount;
  const S3_ENV = () => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp(S3_ENV());
    a = await registerAccount(t.http);
  });
  afterAll(async () => {
    await t.close();
    for (const name of Object.keys(S3_ENV())) delete process.env[name];
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('stores the upload as an object of the bucket (not in PostgreSQL), serves it, and deletes it', async () => {
    const id = await purchase(t, a);
    const res = await attach(t, a, id, PNG, 'receipt.pdf', 'application/pdf').expect(201);
    expect(res.body.attachment).toMatchObject({ content_type: 'image/png', size: PNG.length });
    const key = `receipts/${a.user.id}/${id}`;
    const s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await object.Body!.transformToByteArray()), PNG)).toBe(0);
    expect(await t.app.get(DataSource).query('SELECT 1 FROM stored_files WHERE key = $1', [key])).toEqual([]);

    const served = await bytesOf(t, a, id).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    await t.http.delete(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(200);
    await expect(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
    await t.http.get(`/api/protected/fuel-purchases/${id}/attachment`).set(a.auth).expect(404);
    s3.destroy();
  });

  it('refuses to start with STORAGE_DRIVER=s3 and a setting missing, naming it and never the secret', async () => {
    const env = { ...S3_ENV(), S3_SECRET_ACCESS_KEY: 'very-secret-value', S3_BUCKET: '' };
    const started = createTestApp(env);
    await expect(started).rejects.toThrow('STORAGE_DRIVER=s3 needs S3_BUCKET');
    await expect(started).rejects.not.toThrow(/very-secret-value/);
  });
});
