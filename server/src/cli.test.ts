import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, settings } from './cli.ts';

// The `data-act-portal` command: options become the environment variables config.ts reads.
describe('data-act-portal options', () => {
  it('has an option for every variable the server reads', () => {
    const read = new Set<string>();
    const sources = readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('generated/'),
    );
    for (const file of sources) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      for (const match of source.matchAll(/\benv(?:\.|, '|\[')([A-Z][A-Z0-9_]+)/g))
        read.add(match[1] as string);
    }
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !settings.some((s) => s.env === name))).toEqual([]);
  });

  it('turns options into variables, options winning, folders taken from the working directory', () => {
    const line = parseCommandLine(
      ['--port', '4010', '--mode', 'test', '--data-dir', 'here', '--proxy-target', 'http://localhost:9'],
      { PORT: '3000', LOG_LEVEL: 'debug', CORS_ORIGINS: 'http://localhost:5173' },
      '/work/project',
    );
    expect(line).toEqual({
      kind: 'start',
      env: {
        PORT: '4010',
        PORTAL_MODE: 'test',
        DATA_DIR: '/work/project/here',
        PROXY_TARGET: 'http://localhost:9',
        LOG_LEVEL: 'debug',
        CORS_ORIGINS: 'http://localhost:5173',
      },
    });
  });

  it('keeps the data in ./data of the working directory unless told, never inside the package', () => {
    expect(parseCommandLine([], {}, '/work/project')).toEqual({
      kind: 'start',
      env: { DATA_DIR: '/work/project/data' },
    });
  });

  it('loads a chosen scenario into an empty database, and refuses one that does not exist', () => {
    expect(parseCommandLine(['--scenario', 'large-fleet'], {}, '/p')).toMatchObject({
      env: { SEED_SCENARIO: 'large-fleet' },
    });
    const refused = parseCommandLine(['--scenario', 'huge'], {}, '/p');
    expect(refused.kind).toBe('refuse');
    expect((refused as { text: string }).text).toMatch(
      /^--scenario must be one of demo, empty, large-fleet, .*, got "huge"$/,
    );
  });

  it('refuses an unknown option and points at --help', () => {
    const line = parseCommandLine(['--prot', '1'], {}, '/p');
    expect(line.kind).toBe('refuse');
    expect((line as { text: string }).text).toMatch(
      /Unknown option '--prot'[\s\S]*Run data-act-portal --help/,
    );
  });

  it('prints its help with every option and its variable, and its version', () => {
    const help = parseCommandLine(['--help'], {}, '/p');
    expect(help.kind).toBe('print');
    for (const s of settings) expect((help as { text: string }).text).toContain(`--${s.option} ${s.value}`);
    expect((help as { text: string }).text).toContain('[PORTAL_MODE]');
    expect(parseCommandLine(['--version'], {}, '/p')).toEqual({
      kind: 'print',
      text: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});
