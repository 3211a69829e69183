// Team mode in tests: two or three real server processes (src/main.ts) on one PostgreSQL database of the
// run's throwaway server and one shared DATA_DIR, as docker-compose's team profile runs them. Calls go
// to a chosen instance; nothing is sticky, so a test alternates them on purpose.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@portal/test-support/server-process';
import { afterAll, beforeAll } from 'vitest';
import { quoteIdentifier, withDatabaseName } from '../src/db/engine.ts';
import { onPostgresServer, postgresServerUrl } from './db.ts';

export interface TeamCall {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests narrow the body where they read it
  json(): any;
}

export interface Team {
  databaseUrl: string;
  dataDir: string;
  instances: ServerProcess[];
  /** One call to instance `index` (0-based); JSON bodies are sent as JSON. */
  call(
    index: number,
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<TeamCall>;
  /** Starts one more instance with the team's settings; answers its index. */
  add(env?: Record<string, string>): Promise<number>;
}

export interface TeamOptions {
  instances?: number;
  env?: Record<string, string>;
}

/** Sign-in for tools in test mode on loopback: the persona's email (README "Validate your back end"). */
export const persona = (email: string) => ({ 'x-user-id': email });

/**
 * Starts the instances before the file's tests on a database that does not exist yet (the first to
 * start creates it, migrates and seeds it; the others wait on the advisory locks), stops them after.
 */
export function useTeam(options: TeamOptions = {}): Team {
  const name = `team_${randomBytes(6).toString('hex')}`;
  const team = { instances: [] as ServerProcess[] } as Team;
  let baseEnv: Record<string, string> = {};
  beforeAll(async () => {
    team.databaseUrl = withDatabaseName(postgresServerUrl(), name);
    team.dataDir = await mkdtemp(join(tmpdir(), 'portal-team-'));
    baseEnv = {
      PORTAL_MODE: 'test',
      DATABASE_URL: team.databaseUrl,
      DATA_DIR: team.dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      SANDBOX_PREPARE: 'false',
      ...options.env,
    };
    const started = await Promise.all(
      Array.from({ length: options.instances ?? 2 }, () => startServerProcess(baseEnv)),
    );
    team.instances.push(...started);
    await Promise.all(started.map((instance) => instance.healthy()));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(
      team.instances.map(async (instance) => {
        if (instance.child.exitCode === null && instance.child.signalCode === null) {
          instance.child.kill('SIGTERM');
          await instance.exited;
        }
      }),
    );
    await onPostgresServer((client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
    );
    if (team.dataDir) await rm(team.dataDir, { recursive: true, force: true });
  }, 60_000);
  team.add = async (env = {}) => {
    const instance = await startServerProcess({ ...baseEnv, ...env });
    team.instances.push(instance);
    await instance.healthy();
    return team.instances.length - 1;
  };
  team.call = async (index, method, path, { headers = {}, body } = {}) => {
    const instance = team.instances[index];
    if (!instance) throw new Error(`No instance ${index}`);
    const json = body !== undefined && !(body instanceof Uint8Array) && typeof body !== 'string';
    const response = await fetch(instance.url + path, {
      method,
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        // Writes come from the portal's own origin (the CSRF check), as a browser would send them.
        ...(method === 'GET' || method === 'HEAD' ? {} : { origin: 'http://localhost:3000' }),
        ...headers,
      },
      body: json ? JSON.stringify(body) : (body as string | undefined),
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  };
  return team;
}
