// Writes a Portman configuration (https://github.com/apideck-libraries/portman) that signs every
// generated request in as the persona of its example, as the conformance kit does:
//   node --import tsx conformance/src/portman-config.ts > portman-config.json
// Portman then builds a Postman collection from openapi.yaml whose requests are the examples.
import { plan } from './plan.ts';

const persona = (operationId: string) => plan[operationId]?.persona;

const overwrites = Object.keys(plan)
  .filter((operationId) => persona(operationId))
  .map((operationId) => ({
    openApiOperationId: operationId,
    // The first security scheme (the session cookie) would otherwise be sent as a header.
    overwriteRequestSecurity: { apiKey: { key: 'X-User-Id', value: persona(operationId), in: 'header' } },
  }));

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
};

process.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
