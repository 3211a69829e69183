// A fake back end on a loopback port for the validating proxy's tests: it listens before the test app
// starts (its address goes into `env.PROXY_TARGET`, which the app reads), and is closed after, its
// open connections with it (a back end that never answers keeps them).
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Call before `useTestApp({ env })`, so that the back end listens when the app starts. */
export function useProxyTarget(env: Record<string, string>, create: () => Server | HttpServer): void {
  const sockets = new Set<Socket>();
  let backend: Server | undefined;
  beforeAll(async () => {
    const server = create();
    backend = server;
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.PROXY_TARGET = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => backend?.close(() => resolve()) ?? resolve());
  });
}
