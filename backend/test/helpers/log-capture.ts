import { Writable } from 'node:stream';

export interface LogCapture {
  /** Handed to the app as its pino destination. */
  stream: Writable;
  /** Everything logged so far, as written. */
  text(): string;
  /** The parsed JSON lines. */
  lines(): Array<Record<string, unknown>>;
}

/** Keeps every line the app logs in memory, so a suite can read back what an operator would see. */
export function captureLogs(): LogCapture {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
