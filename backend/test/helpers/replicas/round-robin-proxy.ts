import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The load balancer of the replica tests, doing what Caddy does in docker-compose.yml: round robin over the
 * replicas whose health check answers 200 (probed every `healthIntervalMs`), and a request whose connection is
 * refused goes to the next replica (nothing was sent, so any method may be retried). A replica that fails after
 * the request was sent is not retried (the write may have happened): the client gets a 503 in the app's error
 * shape, which the load harness counts as an unanswered write, and `failures` keeps it.
 */
export interface RoundRobinProxy {
  url: string;
  /** Requests answered by each upstream port, to prove the traffic was spread. */
  served: Map<number, number>;
  /** Requests the proxy itself failed (no replica answered), with when. */
  failures: Array<{ at: number; path: string; reason: string }>;
  close(): Promise<void>;
}

interface Upstream {
  port: number;
  healthy: boolean;
}

const RETRY_FOR_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probe(upstream: Upstream): Promise<void> {
  upstream.healthy = await fetch(`http://127.0.0.1:${upstream.port}/api/health`, {
    signal: AbortSignal.timeout(1000),
  }).then(
    (res) => res.status === 200,
    () => false,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends one request on a new connection; 'refused' when no connection could be made. */
function forward(
  port: number,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
): Promise<'done' | 'refused' | Error> {
  return new Promise((resolve) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, connection: 'close' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve('done'));
        answer.on('error', (error) => {
          res.destroy();
          resolve(error);
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' && !res.headersSent ? 'refused' : error),
    );
    upstream.end(body);
  });
}

export async function startRoundRobinProxy(
  ports: number[],
  { listenPort = 0, healthIntervalMs = 100 } = {},
): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = ports.map((port) => ({ port, healthy: false }));
  await Promise.all(upstreams.map(probe));
  let probing = true;
  const probes = (async () => {
    while (probing) {
      await sleep(healthIntervalMs);
      await Promise.all(upstreams.map(probe));
    }
  })();
  const served = new Map(ports.map((port) => [port, 0]));
  const failures: RoundRobinProxy['failures'] = [];
  let next = 0;

  const fail = (res: ServerResponse, path: string, reason: string) => {
    failures.push({ at: Date.now(), path, reason });
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { 'content-type': 'application/json', 'x-proxy-error': '1' });
    res.end(JSON.stringify({ statusCode: 503, error: 'No replica answered', message: reason }));
  };

  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const body = await readBody(req);
    const until = Date.now() + RETRY_FOR_MS;
    while (Date.now() < until) {
      const healthy = upstreams.filter((u) => u.healthy);
      if (healthy.length === 0) {
        await sleep(20);
        continue;
      }
      const upstream = healthy[next++ % healthy.length];
      const outcome = await forward(upstream.port, req, body, res);
      if (outcome === 'done') {
        served.set(upstream.port, (served.get(upstream.port) ?? 0) + 1);
        return;
      }
      if (outcome !== 'refused') return fail(res, path, `replica on ${upstream.port} failed: ${outcome.message}`);
      upstream.healthy = false; // until its next probe answers 200
    }
    fail(res, path, `no healthy replica within ${RETRY_FOR_MS} ms`);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    failures,
    async close() {
      probing = false;
      await probes;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
