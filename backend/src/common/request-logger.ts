import type { Options } from 'pino-http';

/**
 * One structured line per request. Only method, path, status and timing are kept: no headers (tokens
 * live there), no bodies (passwords and card data live there), no query strings.
 */
export function requestLoggerOptions(level: string): Options {
  return {
    level,
    quietReqLogger: true,
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    redact: { paths: ['req.headers', 'res.headers', '*.password', '*.token', '*.number', '*.cvc'], remove: true },
  };
}
