// Writes a Portman configuration (https://github.com/apideck-libraries/portman) that signs every
// generated request in as the persona of its example, as the conformance kit does, and checks that
// each operation answers the success status it declares (sign-in declares only its 302 redirect):
//   node --import tsx conformance/src/portman-config.ts .integrators/portman-config.json
// The file is written directly (never through `npm run ... > file`, whose banner would spoil the JSON).
// Portman then builds a Postman collection from openapi.yaml whose requests are the examples; one
// newman pass over it on a freshly reset reference server passes every assertion (decision 0032).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { plan } from './plan.ts';

const persona = (operationId: string) => plan[operationId]?.persona;

const overwrites = Object.keys(plan)
  .filter((operationId) => persona(operationId))
  .map((operationId) => ({
    openApiOperationId: operationId,
    // The first security scheme (the session cookie) would otherwise be sent as a header.
    overwriteRequestSecurity: { apiKey: { key: 'X-User-Id', value: persona(operationId), in: 'header' } },
  }));

// Portman turns the multipart `file` array into a text field (no file name), which the server
// refuses like any form field: the request sends a small PDF as a file part instead.
const uploadPdf = `const boundary = 'portman-upload';
const pdf = '%PDF-1.4\\n1 0 obj <<>> endobj\\ntrailer <<>>\\n%%EOF\\n';
pm.request.headers.upsert({ key: 'Content-Type', value: 'multipart/form-data; boundary=' + boundary });
pm.request.body.update({
  mode: 'raw',
  raw: '--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="registry-extract.pdf"\\r\\n' +
    'Content-Type: application/pdf\\r\\n\\r\\n' + pdf + '\\r\\n--' + boundary + '--\\r\\n',
});`;

/** Each operation's documented success status (its first 2xx or 3xx), checked exactly. */
const declaredStatuses = indexOperations(loadContract()).operations.flatMap((operation) => {
  const status = operation.statuses.find((code) => /^[23]\d\d$/.test(code));
  return status
    ? [{ openApiOperationId: operation.operationId, statusCode: { enabled: true, code: Number(status) } }]
    : [];
});

export const portmanConfig = {
  version: 1.0,
  tests: {
    contractTests: [
      {
        openApiOperation: '*::/*',
        contentType: { enabled: true },
        jsonBody: { enabled: true },
        schemaValidation: { enabled: true },
      },
      ...declaredStatuses,
    ],
  },
  overwrites,
  operationPreRequestScripts: [{ openApiOperationId: 'uploadAgentFiles', scripts: [uploadPdf] }],
};

/** Writes the configuration to `file` (its folder created); answers the file. */
export function writePortmanConfig(file: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(portmanConfig, null, 2)}\n`);
  return file;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: portman-config.ts FILE   (e.g. .integrators/portman-config.json)\n');
    process.exit(2);
  }
  process.stderr.write(`wrote ${writePortmanConfig(file)}\n`);
}
