// What a report shows of each failing call, so a person can repeat it without rebuilding it from the
// case's name: the request as sent and the answer as received, with credentials hidden.

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface ReceivedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Exchange {
  request: SentRequest;
  /** Absent when the target did not answer. */
  answer?: ReceivedAnswer;
}

const hidden = '[redacted]';
/** Headers that carry a credential in either direction. */
const credentialHeaders =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-auth-token|x-csrf-token)$/i;
/** JSON members that carry one (`"token": "..."`, `"access_token": "..."`, `"password": "..."`). */
const credentialMember =
  /("(?:[\w-]*token|password|secret|client_secret|api[_-]?key)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

/**
 * Hides credentials in what the reports show: the values of credential headers (cookie names stay,
 * so `portal_session=[redacted]` still says which cookie was sent), credential members of JSON
 * bodies, and every value the caller names as secret (a `--bearer` token, a `--cookie`) wherever it
 * appears.
 */
export function redactor(secrets: readonly string[]) {
  const named = secrets.filter((secret) => secret.length >= 4);
  const text = (value: string) => {
    let out = value.replace(credentialMember, `$1"${hidden}"`);
    for (const secret of named) out = out.split(secret).join(hidden);
    return out;
  };
  const header = (name: string, value: string) => {
    if (!credentialHeaders.test(name)) return text(value);
    if (/^(?:cookie|set-cookie)$/i.test(name)) {
      // `a=1; b=2` (cookie) or `a=1; Path=/; HttpOnly` (set-cookie): hide each value, keep the names.
      return value.replace(/(^|;\s*)([^=;\s]+)=([^;]*)/g, (match, lead: string, cookie: string) =>
        /^(?:path|domain|expires|max-age|samesite)$/i.test(cookie) ? match : `${lead}${cookie}=${hidden}`,
      );
    }
    const scheme = /^(\w+)\s+/.exec(value)?.[1];
    return scheme ? `${scheme} ${hidden}` : hidden;
  };
  const headers = (all: Record<string, string>) =>
    Object.fromEntries(Object.entries(all).map(([name, value]) => [name, header(name, value)]));
  return {
    request: (request: SentRequest): SentRequest => ({
      ...request,
      url: text(request.url),
      headers: headers(request.headers),
      body: text(request.body),
    }),
    answer: (answer: ReceivedAnswer): ReceivedAnswer => ({
      ...answer,
      headers: headers(answer.headers),
      body: text(answer.body),
    }),
  };
}

/** The exchange as a person reads it: the HTTP request and answer, headers and body. */
export function describeExchange(exchange: Exchange): string {
  const { request, answer } = exchange;
  const lines = [`${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (request.body) lines.push('', request.body);
  lines.push('');
  if (!answer) {
    lines.push('(no answer)');
    return lines.join('\n');
  }
  lines.push(`HTTP ${answer.status}`);
  for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`);
  if (answer.body) lines.push('', answer.body);
  return lines.join('\n');
}
