import { describe, expect, it } from 'vitest';
import { createAnswerChecker } from './answers.ts';
import { loadContract } from './document.ts';

// The answer checker judges the headers a response declares, when it is given them: the conformance
// kit, the fuzz suite and the validating proxy all pass them.
const check = createAnswerChecker(loadContract());
const rateLimited = {
  operationId: 'login',
  status: 429,
  contentType: 'application/json',
  body: JSON.stringify({ errors: [{ code: 'RATE_LIMITED', message: 'Too many attempts.' }] }),
};
const jobs = { operationId: 'listDownloadJobs', status: 200, contentType: 'application/json', body: '[]' };

describe('declared response headers', () => {
  it('are not judged when the answer comes without its headers', () => {
    expect(check(rateLimited)).toEqual([]);
  });

  it('a header the status declares required must be present', () => {
    expect(check({ ...rateLimited, headers: {} })).toEqual([
      'login 429 lacks the required header Retry-After',
    ]);
    expect(check({ ...rateLimited, headers: { 'retry-after': '60' } })).toEqual([]);
    expect(check({ ...rateLimited, headers: new Headers({ 'Retry-After': '60' }) })).toEqual([]);
  });

  it('a declared header that is present must match its schema, read as text like a parameter', () => {
    expect(check({ ...rateLimited, headers: { 'Retry-After': '0' } })).toEqual([
      'login 429 header Retry-After: "0" must be >= 1',
    ]);
    expect(check({ ...jobs, headers: { 'x-total-count': 12 } })).toEqual([]);
    expect(check({ ...jobs, headers: { 'x-total-count': 'many' } })).toEqual([
      'listDownloadJobs 200 header X-Total-Count: "many" must be integer',
    ]);
    expect(check({ ...jobs, headers: {} })).toEqual([]);
  });

  it('judges the headers of an answer without a body (HEAD)', () => {
    const head = { operationId: 'headUserGuide', status: 200, body: '' };
    const valid = {
      'content-type': 'application/pdf',
      etag: '"1"',
      'last-modified': 'x',
      'cache-control': 'no-cache',
    };
    expect(check({ ...head, headers: valid })).toEqual([]);
    expect(check({ ...head, headers: { ...valid, 'content-type': 'text/html' } })).toEqual([
      'headUserGuide 200 header Content-Type: "text/html" must be equal to constant',
    ]);
    expect(check({ ...head, headers: { 'content-type': 'application/pdf' } })).toEqual([
      'headUserGuide 200 lacks the required header ETag',
      'headUserGuide 200 lacks the required header Last-Modified',
      'headUserGuide 200 lacks the required header Cache-Control',
    ]);
  });
});

describe('media types', () => {
  const notFound = { operationId: 'getInvitationPermissions', status: 404 };
  const envelope = JSON.stringify({
    errors: [{ code: 'INVITATION_NOT_FOUND', message: 'No such invitation.' }],
  });

  it('reads any JSON type, parameters and case aside, and says when the status declares another', () => {
    expect(check({ ...notFound, contentType: 'Application/JSON; charset=utf-8', body: envelope })).toEqual(
      [],
    );
    const problem = JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 });
    expect(check({ ...notFound, contentType: 'application/problem+json', body: problem })).toEqual([
      '404 of getInvitationPermissions is application/problem+json; the contract declares application/json',
      "error body is not the envelope: (root) must have required property 'errors'",
    ]);
  });

  it('names an answer in a type the status does not declare', () => {
    expect(check({ ...jobs, contentType: 'text/html', body: '<p>jobs</p>' })).toEqual([
      '200 of listDownloadJobs is text/html; the contract declares application/json',
    ]);
    expect(check({ ...notFound, contentType: 'text/plain', body: 'Not Found' })).toEqual([
      'error 404 of getInvitationPermissions is not JSON',
      '404 of getInvitationPermissions is text/plain; the contract declares application/json',
    ]);
  });
});

describe('answers to requests that reach no operation (x-unmatched)', () => {
  const envelope = (code: string) => JSON.stringify({ errors: [{ code, message: 'x' }] });
  const unmatched = (status: number, code: string) => ({
    operationId: null,
    status,
    contentType: 'application/json; charset=utf-8',
    body: envelope(code),
  });

  it('accepts the declared statuses with their codes', () => {
    expect(check(unmatched(404, 'NOT_FOUND'))).toEqual([]);
    expect(check(unmatched(400, 'VALIDATION_FAILED'))).toEqual([]);
    expect(check(unmatched(408, 'REQUEST_TIMEOUT'))).toEqual([]);
    expect(check(unmatched(431, 'HEADERS_TOO_LARGE'))).toEqual([]);
    expect(check(unmatched(403, 'CSRF_REJECTED'))).toEqual([]);
  });

  it('refuses another status, an unlisted code, a success or a body outside the envelope', () => {
    expect(check(unmatched(409, 'CONFLICT'))).toEqual([
      'status 409 is not declared for a request that reaches no operation (x-unmatched)',
    ]);
    expect(check(unmatched(403, 'FORBIDDEN'))).toEqual([
      "code FORBIDDEN is not in a request that reaches no operation's x-error-codes",
    ]);
    expect(check(unmatched(404, 'INVITATION_NOT_FOUND'))).toEqual([
      "code INVITATION_NOT_FOUND is not in a request that reaches no operation's x-error-codes",
    ]);
    expect(check({ ...unmatched(200, 'NOT_FOUND'), body: '<html>' })).toEqual([
      'a path the contract does not have answered 200',
    ]);
    expect(check({ ...unmatched(400, 'VALIDATION_FAILED'), body: '{"error":"Bad Request"}' })).toEqual([
      "error body is not the envelope: (root) must have required property 'errors'",
    ]);
  });

  it('judges an answer to HEAD without a body', () => {
    expect(check({ ...unmatched(404, 'NOT_FOUND'), method: 'HEAD', body: '' })).toEqual([]);
  });
});
