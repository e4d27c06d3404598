import { createServer, type Server } from 'node:net';

/**
 * Ports for the replicas and the proxy. REPLICAS_TEST_PORT_BASE pins them to a known range (base, base+1, …) where a
 * shared machine hands each engineer a range; otherwise the system picks free ones.
 */
export async function testPorts(count: number): Promise<number[]> {
  const base = Number(process.env.REPLICAS_TEST_PORT_BASE ?? 0);
  if (base > 0) return Array.from({ length: count }, (_, i) => base + i);
  // Held open together, so the system hands out distinct ports, then released for the replicas to take.
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no free port');
    servers.push(server);
    ports.push(address.port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
