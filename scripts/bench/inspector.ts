// CPU profiles of a running Node process, taken only while a load runs: the process is started with
// `--inspect=127.0.0.1:PORT`, and V8's profiler is started and stopped over the inspector's WebSocket
// (the Chrome DevTools protocol). The result is a `.cpuprofile` file, as `--cpu-prof` writes at exit.

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface Inspector {
  /** Runs `work` with V8's sampling profiler on; answers its result and the profile (JSON). */
  profile<T>(work: () => Promise<T>): Promise<{ result: T; profile: unknown }>;
  close(): void;
}

export async function connectInspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`inspector ${url} refused`)), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, Pending>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id === undefined) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiting?.reject(new Error(message.error.message));
    else waiting?.resolve(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  // 1 ms between samples: V8's default, enough for work measured in seconds.
  await send('Profiler.setSamplingInterval', { interval: 1000 });
  return {
    async profile(work) {
      await send('Profiler.start');
      try {
        const result = await work();
        const { profile } = (await send('Profiler.stop')) as { profile: unknown };
        return { result, profile };
      } catch (error) {
        await send('Profiler.stop').catch(() => undefined);
        throw error;
      }
    },
    close: () => socket.close(),
  };
}
