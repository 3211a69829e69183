import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { allPersonas, runFuzz, seededParameters } from './run-fuzz.ts';

// `npm run fuzz` sets FUZZ=full: every seeded persona, every address form as each of them. The default
// subset (one persona per role and anonymous, address forms as one caller) keeps `npm test` fast while
// still sending every generated case.
const full = process.env.FUZZ === 'full';
const personas = full ? allPersonas : ['owner@example.com', 'newco@example.com', 'admin@example.com'];
const parameterSets = full ? seededParameters : seededParameters.slice(0, 2);
// Short limits, so the cases that wait them out (a body that stops, headers that never end) take seconds.
const timeouts = { headersMs: 1_000, requestMs: 2_000 };

describe(`contract fuzz (${full ? 'full' : 'fast subset'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HEADERS_TIMEOUT_MS: String(timeouts.headersMs),
        REQUEST_TIMEOUT_MS: String(timeouts.requestMs),
        LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generated request inside the contract, never with a 5xx, on connections that last', {
    timeout: 1_800_000,
  }, async () => {
    const report = await runFuzz(t, {
      personas,
      parameterSets,
      urlFormCallers: full ? undefined : ['owner@example.com'],
      timeouts,
    });
    const summary = `fuzz: ${report.requests} requests, ${report.serverErrors} × 5xx, ${report.outsideContract} outside the contract, ${report.connectionFailures} without an answer`;
    console.log(summary);
    if (process.env.FUZZ_OUT) writeFileSync(process.env.FUZZ_OUT, JSON.stringify(report.findings, null, 1));
    expect(report.requests).toBeGreaterThan(full ? 10_000 : 1_000);
    expect(report.findings.slice(0, 20)).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(report.connectionFailures).toBe(0);
  });
});
