export type StorageConfig =
  | { driver: 'postgres' }
  | {
      driver: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

const REQUIRED_FOR_S3 = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * STORAGE_DRIVER (postgres, the default, or s3) and, for s3, its settings. A missing or malformed setting stops the
 * app at start naming the setting (never its value: the secret key must not reach a log). S3_ENDPOINT is optional
 * (AWS itself when unset); S3_FORCE_PATH_STYLE=true for servers that address buckets by path (MinIO, s3rver).
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const driver = (env.STORAGE_DRIVER ?? '').trim() || 'postgres';
  if (driver === 'postgres') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be postgres or s3, not "${driver}"`);
  const missing = REQUIRED_FOR_S3.filter((name) => !(env[name] ?? '').trim());
  if (missing.length > 0) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  const endpoint = (env.S3_ENDPOINT ?? '').trim() || undefined;
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    throw new Error('S3_ENDPOINT must be an http(s) URL such as https://s3.example.com');
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error('S3_FORCE_PATH_STYLE must be true or false');
  }
  return {
    driver,
    endpoint,
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    forcePathStyle: pathStyle === 'true',
  };
}
