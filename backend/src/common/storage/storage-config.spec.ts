import { describe, expect, it } from '@jest/globals';
import { loadStorageConfig } from './storage-config.js';

const S3 = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:4569',
  S3_BUCKET: 'receipts',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'AKIA-TEST',
  S3_SECRET_ACCESS_KEY: 'top-secret-key',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('loadStorageConfig', () => {
  it('is PostgreSQL when STORAGE_DRIVER is unset or empty', () => {
    expect(loadStorageConfig({})).toEqual({ driver: 'postgres' });
    expect(loadStorageConfig({ STORAGE_DRIVER: ' ' })).toEqual({ driver: 'postgres' });
  });

  it('reads every S3 setting', () => {
    expect(loadStorageConfig(S3)).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:4569',
      bucket: 'receipts',
      region: 'us-east-1',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'top-secret-key',
      forcePathStyle: true,
    });
    expect(loadStorageConfig({ ...S3, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: '' })).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses s3 with settings missing, naming each and never a value', () => {
    const attempt = () => loadStorageConfig({ ...S3, S3_REGION: '', S3_ACCESS_KEY_ID: undefined });
    expect(attempt).toThrow('STORAGE_DRIVER=s3 needs S3_REGION, S3_ACCESS_KEY_ID');
    expect(() => loadStorageConfig({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow('needs S3_SECRET_ACCESS_KEY');
  });

  it('refuses an unknown driver and malformed values, without echoing the secret', () => {
    expect(() => loadStorageConfig({ STORAGE_DRIVER: 'disk' })).toThrow('STORAGE_DRIVER must be postgres or s3');
    expect(() => loadStorageConfig({ ...S3, S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT must be an http(s) URL');
    expect(() => loadStorageConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE');
    let message = '';
    try {
      loadStorageConfig({ ...S3, S3_BUCKET: '' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('STORAGE_DRIVER=s3 needs S3_BUCKET');
  });
});
