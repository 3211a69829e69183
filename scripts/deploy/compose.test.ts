// docker-compose.yml is checked with Debian's docker-compose 1.29 (`config` needs no container engine,
// none runs on these machines): the default service is the demo of `npm start`; the `team` profile is
// PostgreSQL, two replicas on it sharing one file volume, and a load balancer (docs/deployment.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const composeFile = new URL('../../docker-compose.yml', import.meta.url).pathname;
const nginxConf = new URL('../../deploy/nginx-team.conf', import.meta.url).pathname;
const binary = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((path) => existsSync(path));

interface Service {
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: { published: number | string; target: number }[];
  depends_on?: Record<string, { condition: string }>;
}

let validated: { services: Record<string, Service> } | undefined;

/** The file as docker-compose validates and resolves it (anchors merged), once per run. */
function config(): { services: Record<string, Service> } {
  if (validated) return validated;
  if (!binary) throw new Error('docker-compose is missing');
  const args = ['-f', composeFile, 'config'];
  const yaml = execFileSync(binary, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // `config` prints YAML; its JSON-compatible subset is enough to read with a tiny parser: ask for JSON
  // through Python's yaml module, which docker-compose itself depends on.
  const json = execFileSync(
    'python3',
    ['-c', 'import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin)))'],
    {
      input: yaml,
      encoding: 'utf8',
    },
  );
  validated = JSON.parse(json) as { services: Record<string, Service> };
  return validated;
}

const inProfile = (profile: string | undefined) =>
  Object.entries(config().services)
    .filter(([, service]) => (profile ? service.profiles?.includes(profile) : !service.profiles))
    .map(([name]) => name)
    .sort();

const missing = !binary && process.env.CI !== 'true';
if (missing)
  console.warn('docker-compose not found (apt-get install docker-compose): compose checks skipped');

describe.skipIf(missing)('docker-compose.yml', () => {
  it('runs the demo portal alone by default, on SQLite', () => {
    expect(inProfile(undefined)).toEqual(['portal']);
    expect(config().services.portal?.environment?.DATABASE_URL).toBeUndefined();
  });

  it('has a team profile: PostgreSQL, two replicas on one database and one file volume, a balancer', () => {
    const { services } = config();
    expect(inProfile('team')).toEqual(['balancer', 'portal-a', 'portal-b', 'postgres']);
    const replicas = [services['portal-a'], services['portal-b']] as Service[];
    for (const replica of replicas) {
      expect(replica.environment?.DATABASE_URL).toMatch(/^postgresql:\/\/.+@postgres:5432\/portal$/);
      expect(replica.environment?.TRUST_PROXY).toBe('1');
      expect(replica.volumes).toEqual(['portal-team-files:/data:rw']);
      expect(replica.environment?.DATA_DIR).toBe('/data');
      expect(replica.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(replica.ports).toBeUndefined(); // reached through the balancer only
    }
    expect(replicas[0]?.environment).toEqual(replicas[1]?.environment);
    expect(services.balancer?.ports?.map((port) => [Number(port.published), port.target])).toEqual([
      [8080, 8080],
    ]);
    const upstreams = [...readFileSync(nginxConf, 'utf8').matchAll(/^\s*server (portal-[ab]):3000\b/gm)].map(
      (m) => m[1],
    );
    expect(upstreams).toEqual(['portal-a', 'portal-b']);
  });
});
