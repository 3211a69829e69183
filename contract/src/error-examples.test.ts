import { describe, expect, it } from 'vitest';
import { loadContract, type SchemaNode } from './document.ts';
import { type ContractResponse, indexOperations } from './operations.ts';
import { createResponseValidator, newAjv } from './validation.ts';

// An error example is what a mock built from the contract answers (Prism, the MSW handlers of this
// package): each operation offers, for each error status, exactly the codes it can answer with that
// status, each shown by the one shared example of that code (`components.examples`).
const document = loadContract();
const index = indexOperations(document);
const catalogue = document['x-error-catalogue'] as Record<string, { status: number }>;
const examples = (document.components as { examples: Record<string, { value?: unknown }> }).examples;
const errorExampleNames = Object.keys(examples).filter((name) => name in catalogue);
const codeOf = (value: unknown) => (value as { errors?: Array<{ code?: string }> })?.errors?.[0]?.code;
/** Codes answered without a JSON body: a sign-in failure is a redirect (`/login?error=failed`). */
const bodiless = new Set(['LOGIN_FAILED']);

interface Answerer {
  name: string;
  method?: string;
  errorCodes: string[] | null;
  responses: Record<string, ContractResponse>;
  /** The responses as written: `$ref`s not followed. */
  written: Record<string, SchemaNode>;
}
const answerers: Answerer[] = [
  ...index.operations.map((operation) => ({
    name: operation.operationId,
    method: operation.method,
    errorCodes: operation.errorCodes,
    responses: operation.responses,
    written: operation.raw.responses as Record<string, SchemaNode>,
  })),
  {
    name: 'x-unmatched',
    errorCodes: index.unmatched?.errorCodes ?? null,
    responses: index.unmatched?.responses ?? {},
    written: (document['x-unmatched'] as { responses: Record<string, SchemaNode> }).responses,
  },
];
const errorStatuses = (answerer: Answerer) =>
  Object.keys(answerer.responses).filter((status) => /^[45]\d\d$/.test(status));
const declaredFor = (answerer: Answerer, status: string) =>
  (answerer.errorCodes ?? []).filter((code) => String(catalogue[code]?.status) === status);

describe('error examples', () => {
  it('one shared example per error code, named by its code, in the envelope', () => {
    const validate = newAjv(false)
      .addSchema({ ...document, $id: 'contract' } as object, undefined, undefined, false)
      .compile({ $ref: 'contract#/components/schemas/ErrorResponse' });
    const expected = Object.keys(catalogue).filter((code) => !bodiless.has(code));
    expect(errorExampleNames.sort()).toEqual(expected.sort());
    for (const name of errorExampleNames) {
      const value = examples[name]?.value as { errors: unknown[] };
      expect(codeOf(value), name).toBe(name);
      expect(value.errors, name).toHaveLength(1);
      expect(validate(value), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('every operation × error status × example: a code the operation declares for that status, valid for its schema', () => {
    const validate = createResponseValidator(document);
    let checked = 0;
    for (const answerer of answerers) {
      expect(answerer.errorCodes, answerer.name).not.toBeNull();
      for (const status of errorStatuses(answerer)) {
        const declared = declaredFor(answerer, status);
        for (const media of Object.values(answerer.responses[status]?.content ?? {})) {
          for (const [name, value] of Object.entries(media.examples)) {
            const where = `${answerer.name} ${status} ${name}`;
            expect(declared, where).toContain(codeOf(value));
            expect(name, where).toBe(codeOf(value));
            if (answerer.name !== 'x-unmatched')
              expect(validate(answerer.name, Number(status), value), where).toBeNull();
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
  }, 60_000);

  it('every code an operation declares has its example on the status of that code (HEAD answers have no body)', () => {
    for (const answerer of answerers.filter((each) => each.method !== 'HEAD')) {
      for (const code of (answerer.errorCodes ?? []).filter((each) => !bodiless.has(each))) {
        const status = String(catalogue[code]?.status);
        const media = Object.values(answerer.responses[status]?.content ?? {});
        expect(media.length, `${answerer.name} ${status}`).toBeGreaterThan(0);
        for (const each of media)
          expect(Object.keys(each.examples), `${answerer.name} ${code}`).toContain(code);
      }
    }
  });

  it('error answers refer to the shared examples, never a copy', () => {
    const refersToShared = (media: SchemaNode) =>
      media.example === undefined &&
      Object.entries((media.examples ?? {}) as Record<string, SchemaNode>).every(
        ([name, entry]) => entry.$ref === `#/components/examples/${name}`,
      );
    const responses = (document.components as { responses: Record<string, SchemaNode> }).responses;
    const written = [
      ...Object.entries(responses).map(([name, response]) => ({ where: name, response })),
      ...answerers.flatMap((answerer) =>
        errorStatuses(answerer)
          .filter((status) => !answerer.written[status]?.$ref)
          .map((status) => ({ where: `${answerer.name} ${status}`, response: answerer.written[status] })),
      ),
    ];
    for (const { where, response } of written) {
      for (const media of Object.values((response?.content ?? {}) as Record<string, SchemaNode>)) {
        expect(refersToShared(media), where).toBe(true);
      }
    }
  });
});
