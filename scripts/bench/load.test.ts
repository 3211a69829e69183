// The load generator keeps an answer's body only for a request that reads it (decision 0169): the
// patch of autocannon's answer queue must still take, and a session script must still see the
// bodies it asks for, with the headers and statuses of every answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from './load.ts';

const large = Buffer.alloc(64 * 1024, 0xe9); // not valid UTF-8: decoding it is what costs
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/large') {
      response.writeHead(200, { 'content-type': 'application/zip', link: '</next>; rel="next"' });
      response.end(large);
    } else {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'file-1' }));
    }
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => server.close(done)));

describe('load', () => {
  it('hands a session script the bodies it reads, and only those, with every status and header', async () => {
    const seen: Array<{ step: number; status: number; body: string; link?: string }> = [];
    const result = await load({
      origin,
      connections: 2,
      seconds: 1,
      requests: {
        length: 2,
        next: (step) => ({ method: 'GET', path: step === 0 ? '/large' : '/small', headers: {} }),
        answered: (step, { status, body, headers }) => {
          seen.push({ step, status, body, link: headers.link });
        },
        readsBody: (step) => step === 1,
      },
    });
    expect(result.total).toBeGreaterThan(10);
    expect(result.failures).toBe(0);
    expect(result.loadMicrosPerRequest).toBeGreaterThan(0);
    const large = seen.filter((answer) => answer.step === 0);
    const small = seen.filter((answer) => answer.step === 1);
    expect(large.length).toBeGreaterThan(0);
    expect(small.length).toBeGreaterThan(0);
    for (const answer of large)
      expect(answer).toEqual({ step: 0, status: 200, body: '', link: '</next>; rel="next"' });
    for (const answer of small) expect(JSON.parse(answer.body)).toEqual({ id: 'file-1' });
  });

  it('reads every body of a script that does not say which it reads', async () => {
    const bodies: number[] = [];
    await load({
      origin,
      connections: 1,
      seconds: 1,
      requests: {
        length: 1,
        next: () => ({ method: 'GET', path: '/large', headers: {} }),
        answered: (_step, { body }) => {
          bodies.push(body.length);
        },
      },
    });
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((length) => length >= large.length)).toBe(true);
  });

  it('times a repeated request without keeping its answers', async () => {
    const result = await load({
      origin,
      connections: 2,
      seconds: 1,
      requests: { method: 'GET', path: '/large', headers: {} },
    });
    expect(result.total).toBeGreaterThan(10);
    expect(result.statuses).toEqual({ 200: result.total });
  });
});
