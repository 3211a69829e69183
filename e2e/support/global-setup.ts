import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startHealthyServer } from '@portal/test-support/server-process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds a scenario's sandbox template: one sandbox of it, made and removed (the template stays). */
async function prepareTemplate(baseUrl: string, scenario: string): Promise<void> {
  const id = `e2e-template-${scenario}`;
  const created = await fetch(`${baseUrl}/api/v1/sim/sandboxes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, scenario }),
  });
  if (created.status !== 201)
    throw new Error(`Preparing ${scenario}: ${created.status} ${await created.text()}`);
  const removed = await fetch(`${baseUrl}/api/v1/sim/sandbox`, {
    method: 'DELETE',
    headers: { 'x-sandbox': id },
  });
  if (removed.status !== 204) throw new Error(`Removing ${id}: ${removed.status} ${await removed.text()}`);
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
  // The large-fleet template (50,000 rows) is seeded inside the server process: done here, before the
  // workers start, rather than while other files' pages wait for that server.
  if (project.name === 'sandboxed') await prepareTemplate(baseUrl, 'large-fleet');
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (process.env.E2E_SERVER_LOG === '1') console.log(server.output());
    rmSync(dataDir, { recursive: true, force: true });
  };
}
