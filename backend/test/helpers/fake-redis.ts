import { createServer, type Server, type Socket } from 'node:net';

/**
 * Just enough of the Redis protocol (RESP) for the rate-limit store: GET, SET with NX/PX, DEL, INCR, DECR, PEXPIRE,
 * INFO, PING, MULTI/EXEC and the sorted-set commands of leases (ZADD, ZRANK, ZREM, ZREMRANGEBYSCORE, ZSCORE,
 * ZCARD). It lets
 * the shared-counter behaviour be tested on a laptop with no Redis installed.
 */
export interface FakeRedis {
  url: string;
  commands: string[][];
  close(): Promise<void>;
}

/** Splits complete RESP arrays off the front of the buffer; answers the rest for the next chunk. */
function parseCommands(buffer: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  while (at < buffer.length) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0 || buffer[at] !== '*') break;
    const count = Number(buffer.slice(at + 1, lineEnd));
    let cursor = lineEnd + 2;
    const args: string[] = [];
    for (let i = 0; i < count; i++) {
      const headerEnd = buffer.indexOf('\r\n', cursor);
      if (headerEnd < 0) return { commands, rest: buffer.slice(at) };
      const length = Number(buffer.slice(cursor + 1, headerEnd));
      const start = headerEnd + 2;
      if (buffer.length < start + length + 2) return { commands, rest: buffer.slice(at) };
      args.push(buffer.slice(start, start + length));
      cursor = start + length + 2;
    }
    commands.push(args);
    at = cursor;
  }
  return { commands, rest: buffer.slice(at) };
}

export async function startFakeRedis(): Promise<FakeRedis> {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const sortedSets = new Map<string, Map<string, number>>();
  const commands: string[][] = [];
  const sockets = new Set<Socket>();
  const bulk = (text: string) => `$${Buffer.byteLength(text)}\r\n${text}\r\n`;
  const ranked = (set: Map<string, number>) =>
    [...set].sort(([a, x], [b, y]) => x - y || (a < b ? -1 : a > b ? 1 : 0)).map(([member]) => member);

  const answer = ([name = '', key = '', value = '', ...options]: string[]): string => {
    const now = Date.now();
    const current = values.get(key);
    const live = current && current.expiresAt > now ? current : undefined;
    switch (name.toUpperCase()) {
      case 'SET': {
        const upper = options.map((o) => o.toUpperCase());
        if (upper.includes('NX') && live) return '$-1\r\n';
        const px = upper.indexOf('PX');
        const ttl = px >= 0 ? Number(options[px + 1]) : Number.POSITIVE_INFINITY;
        values.set(key, { value, expiresAt: now + ttl });
        return '+OK\r\n';
      }
      case 'GET':
        return live ? `$${Buffer.byteLength(live.value)}\r\n${live.value}\r\n` : '$-1\r\n';
      case 'DEL':
        return `:${values.delete(key) && live ? 1 : 0}\r\n`;
      case 'INCR':
      case 'DECR': {
        const entry = live ?? { value: '0', expiresAt: Number.POSITIVE_INFINITY };
        entry.value = String(Number(entry.value) + (name.toUpperCase() === 'INCR' ? 1 : -1));
        values.set(key, entry);
        return `:${entry.value}\r\n`;
      }
      case 'PEXPIRE': {
        if (sortedSets.has(key)) return ':1\r\n'; // leases carry their own expiry in their scores
        if (!live) return ':0\r\n';
        live.expiresAt = now + Number(value);
        return ':1\r\n';
      }
      case 'PING':
        return '+PONG\r\n';
      case 'ZADD': {
        const set = sortedSets.get(key) ?? new Map<string, number>();
        sortedSets.set(key, set);
        const added = set.has(options[0]) ? 0 : 1;
        set.set(options[0], Number(value));
        return `:${added}\r\n`;
      }
      case 'ZRANK': {
        const rank = ranked(sortedSets.get(key) ?? new Map()).indexOf(value);
        return rank < 0 ? '$-1\r\n' : `:${rank}\r\n`;
      }
      case 'ZSCORE': {
        const score = sortedSets.get(key)?.get(value);
        return score === undefined ? '$-1\r\n' : bulk(String(score));
      }
      case 'ZCARD':
        return `:${sortedSets.get(key)?.size ?? 0}\r\n`;
      case 'ZREM':
        return `:${sortedSets.get(key)?.delete(value) ? 1 : 0}\r\n`;
      case 'ZREMRANGEBYSCORE': {
        const set = sortedSets.get(key) ?? new Map<string, number>();
        const max = Number(options[0]);
        let removed = 0;
        for (const [member, score] of set) if (score <= max) removed += Number(set.delete(member));
        return `:${removed}\r\n`;
      }
      case 'INFO': {
        const info = '# Server\r\nloading:0\r\n';
        return `$${info.length}\r\n${info}\r\n`;
      }
      default:
        return '+OK\r\n';
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = '';
    let transaction: string[][] | null = null;
    socket.on('data', (chunk) => {
      const parsed = parseCommands(pending + chunk.toString('utf8'));
      pending = parsed.rest;
      for (const command of parsed.commands) {
        commands.push(command);
        const name = (command[0] ?? '').toUpperCase();
        if (name === 'MULTI') {
          transaction = [];
          socket.write('+OK\r\n');
        } else if (name === 'EXEC' && transaction) {
          // One client's queued commands run together, as Redis runs a transaction.
          const replies = transaction.map(answer);
          transaction = null;
          socket.write(`*${replies.length}\r\n${replies.join('')}`);
        } else if (transaction) {
          transaction.push(command);
          socket.write('+QUEUED\r\n');
        } else socket.write(answer(command));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
