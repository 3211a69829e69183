import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startHealthyServer } from '../../server/test/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the real reference server (test mode, built web app, temporary data) for the browser tests. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  // Test mode on loopback: the journeys' helpers call the API as a persona with X-User-Id. Each test
  // file works in a sandbox (support/world.ts): the demo template is prepared before the server
  // answers, and the limit leaves room for every file and the simulator panel's own sandboxes.
  const server = await startHealthyServer(
    { PORTAL_MODE: 'test', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, SANDBOX_PREPARE: '1', SANDBOX_MAX: '200' },
    port,
  );
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (process.env.E2E_SERVER_LOG === '1') console.log(server.output());
    rmSync(dataDir, { recursive: true, force: true });
  };
}
