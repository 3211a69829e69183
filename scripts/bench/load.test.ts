// The load generator keeps an answer's body only for a request that reads it (decision 0169): the
// patch of autocannon's answer queue must still take, and a session script must still see the
// bodies it asks for, with the headers and statuses of every answer. And it times requests on open
// connections only (decision 0177): opening one is not part of a request's latency.
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

  describe('times requests on open connections only', () => {
    // A server whose connections are slow to open: the first request on each socket is answered after
    // 300 ms, every later one after 10 ms (so that in a second a connection's first answer is more than
    // 1 % of its answers, and would be the p99). Each request is noted with its socket.
    const openingMs = 300;
    const answerMs = 10;
    let slow: Server;
    let slowOrigin = '';
    const seen: Array<{ socket: number; method: string; url: string }> = [];
    beforeAll(async () => {
      const sockets = new Map<object, number>();
      slow = createServer((request, response) => {
        const known = sockets.has(request.socket);
        if (!known) sockets.set(request.socket, sockets.size);
        seen.push({
          socket: sockets.get(request.socket) as number,
          method: request.method ?? '',
          url: request.url ?? '',
        });
        const answer = () => {
          // The length a HEAD answer announces too, as any server does: the connection stays open.
          response.writeHead(request.url?.startsWith('/item/') ? 201 : 200, {
            'content-type': 'application/json',
            'content-length': '2',
          });
          response.end(request.method === 'HEAD' ? undefined : '{}');
        };
        request.resume();
        request.on('end', () => setTimeout(answer, known ? answerMs : openingMs));
      });
      await new Promise<void>((done) => slow.listen(0, 'localhost', done));
      slowOrigin = `http://localhost:${(slow.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((done) => slow.close(done)));

    it('sends a list once each over connections opened and answered before the first is timed', async () => {
      seen.length = 0;
      const list = Array.from({ length: 40 }, (_, index) => ({
        method: 'PUT',
        path: `/item/${index}`,
        headers: {},
      }));
      const result = await load({ origin: slowOrigin, connections: 10, seconds: 1, requests: list });
      expect(result.total).toBe(40);
      expect(result.statuses).toEqual({ 201: 40 });
      expect(result.failures).toBe(0);
      expect(result.p99Ms).toBeLessThan(openingMs / 2);
      const items = seen.filter((request) => request.url.startsWith('/item/'));
      expect(items.map((request) => request.url).sort()).toEqual(list.map((request) => request.path).sort());
      // Ten connections, each opened by the liveness call, all of them before the first item.
      const openers = seen.slice(0, 10);
      expect(new Set(openers.map((request) => request.socket)).size).toBe(10);
      expect(openers.every((request) => request.url === '/api/v1/health/live')).toBe(true);
      expect(new Set(items.map((request) => request.socket)).size).toBeLessThanOrEqual(10);
    });

    it('times a repeated request from the moment every connection has answered', async () => {
      const result = await load({
        origin: slowOrigin,
        connections: 10,
        seconds: 1,
        requests: { method: 'GET', path: '/repeated', headers: {} },
      });
      expect(result.total).toBeGreaterThan(10);
      expect(result.p99Ms).toBeLessThan(openingMs / 2);
      // The window is `seconds` long, whatever the opening took.
      expect(result.requestsPerSecond).toBeGreaterThan(result.total / 1.5);
    });

    it('times HEAD requests on open connections', async () => {
      const result = await load({
        origin: slowOrigin,
        connections: 10,
        seconds: 1,
        requests: { method: 'HEAD', path: '/head', headers: {} },
      });
      expect(result.total).toBeGreaterThan(10);
      expect(result.statuses).toEqual({ 200: result.total });
      expect(result.p99Ms).toBeLessThan(openingMs / 2);
    });
  });
});
