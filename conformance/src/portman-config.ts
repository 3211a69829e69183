// Writes a Portman configuration (https://github.com/apideck-libraries/portman) that signs every
// generated request in as the persona of its example, as the conformance kit does:
//   node --import tsx conformance/src/portman-config.ts > portman-config.json
// Portman then builds a Postman collection from openapi.yaml whose requests are the examples; one
// newman pass over it on a freshly reset reference server passes every assertion (decision 0032).
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

const config = {
  version: 1.0,
  tests: {
    contractTests: [
      {
        openApiOperation: '*::/*',
        statusSuccess: { enabled: true },
        contentType: { enabled: true },
        jsonBody: { enabled: true },
        schemaValidation: { enabled: true },
      },
    ],
  },
  overwrites,
  operationPreRequestScripts: [{ openApiOperationId: 'uploadAgentFiles', scripts: [uploadPdf] }],
};

process.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
