import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** What the fake does with the n-th message it is given (from 1). */
export type SmtpAnswer = 'accept' | 'refuse' | 'lose-the-answer';

export interface FakeSmtpOptions {
  /** Connections (from 1) the fake takes and then never says a word on: not even the greeting. */
  silent?: (connection: number) => boolean;
  /** How late every reply of the fake comes, the greeting included: a slow server that answers every line. */
  replyDelayMs?: number;
}

export interface FakeSmtp {
  url: string;
  /** How many connections it took. */
  connections(): number;
  /** How many of them are still open. */
  open(): number;
  /** Every message's raw text as received, refused and lost ones included, in order. */
  received: string[];
  /** The messages it answered 250 to. */
  accepted: string[];
  close(): Promise<void>;
}

/**
 * Just enough SMTP to take messages and answer each as `answer(n)` says: 250 (accepted), 451 (refused, try later),
 * or nothing at all after the whole message arrived, the connection dropped (the provider has it, the sender
 * cannot know): the fault that makes a sender deliver an e-mail twice.
 */
export async function startFakeSmtp(
  answer: (n: number) => SmtpAnswer = () => 'accept',
  { silent = () => false, replyDelayMs = 0 }: FakeSmtpOptions = {},
): Promise<FakeSmtp> {
  const received: string[] = [];
  const accepted: string[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    connections += 1;
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (silent(connections)) return;
    // Every reply equally late, so they still come in order.
    const reply = (text: string, last = false) => {
      const say = () => {
        if (socket.destroyed) return;
        if (last) socket.end(text);
        else socket.write(text);
      };
      if (replyDelayMs <= 0) say();
      else setTimeout(say, replyDelayMs);
    };
    let data = false;
    let buffer = '';
    reply('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          data = false;
          received.push(message);
          const what = answer(received.length);
          if (what === 'lose-the-answer') {
            socket.destroy();
            return;
          }
          if (what === 'refuse') reply('451 4.3.0 try again later\r\n');
          else {
            accepted.push(message);
            reply(`250 2.0.0 queued as fake-${received.length}\r\n`);
          }
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake\r\n');
        else if (verb === 'DATA') {
          data = true;
          reply('354 go on\r\n');
        } else if (verb === 'QUIT') reply('221 bye\r\n', true);
        else reply('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    open: () => sockets.size,
    received,
    accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
