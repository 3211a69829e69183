import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractPath, loadContract } from './document.ts';

// loadContract keeps each parsed contract as JSON by the hash of its YAML (a start-up cost, issue 23):
// the document must be exactly what the YAML says, and a changed file must never get an old one.
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const tempFile = (text: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'contract-cache-'));
  folders.push(folder);
  const file = path.join(folder, 'openapi.yaml');
  writeFileSync(file, text);
  return file;
};

describe('loadContract', () => {
  it('answers what the YAML says, from the cache as from the parse', () => {
    const parsed = parse(readFileSync(contractPath, 'utf8'));
    expect(loadContract()).toEqual(parsed);
    expect(loadContract()).toEqual(parsed);
  });

  it('answers the changed document once the file changes', () => {
    const file = tempFile('openapi: 3.1.0\ninfo: { title: First, version: "1" }\npaths: {}\n');
    expect(loadContract(file).info).toEqual({ title: 'First', version: '1' });
    expect(loadContract(file).info).toEqual({ title: 'First', version: '1' });
    writeFileSync(file, 'openapi: 3.1.0\ninfo: { title: Second, version: "2" }\npaths: {}\n');
    expect(loadContract(file).info).toEqual({ title: 'Second', version: '2' });
  });

  it('answers a fresh object every time (a caller may change its copy)', () => {
    const file = tempFile('openapi: 3.1.0\npaths: { /a: {} }\n');
    const first = loadContract(file);
    first.paths['/b'] = {};
    expect(Object.keys(loadContract(file).paths)).toEqual(['/a']);
  });
});
