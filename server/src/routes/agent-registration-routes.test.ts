import { describe, expect, it } from 'vitest';
import { codeOf, expectError, useTestApp } from '../../test/app.ts';

// Company registration: status and submission (documents are uploaded in agent-files.test.ts).
const t = useTestApp();

const status = async (who: string) => (await t.call('GET', '/api/v1/agents', who)).json().status;
const submit = (who: string, payload: object) => t.call('POST', '/api/v1/agents', who, payload);

let userCount = 0;
/** A fresh company account with uploaded (unsubmitted) documents in the given sections. */
async function newCompany(sections: string[]): Promise<{ email: string; fileIds: string[] }> {
  userCount += 1;
  const user = await t.prisma.user.create({
    data: { email: `company${userCount}@example.com`, fullName: `Company ${userCount}`, role: 'agent' },
  });
  const fileIds = [];
  for (const [index, section] of sections.entries()) {
    const file = await t.prisma.agentFile.create({
      data: {
        userId: user.id,
        section,
        filename: `${section.toLowerCase()}.pdf`,
        storedName: `test-${user.id}-${index}`,
        size: 10,
        contentType: 'application/pdf',
      },
    });
    fileIds.push(file.id);
  }
  return { email: user.email, fileIds };
}

const form = (fileIds: string[], overrides: Record<string, unknown> = {}) => ({
  legalName: 'New Company Mobility Services S.A.',
  displayName: 'NewCo Mobility',
  vatNumber: '123456789',
  country: 'GR',
  site: 'https://newco.example.com',
  type: 'large',
  sanction: false,
  gatekeeper: false,
  representative: { title: 'ms', firstname: 'Eleni', surname: 'Nikolaou' },
  fileIds,
  ...overrides,
});

describe('getAgentStatus', () => {
  it('answers each company’s status, null before registering', async () => {
    expect(await status('fleet@example.com')).toBe('active');
    expect(await status('pending@example.com')).toBe('pending');
    expect(await status('rejected@example.com')).toBe('rejected');
    expect(await status('newco@example.com')).toBeNull();
  });

  it('is for companies only', async () => {
    for (const who of ['owner@example.com', 'admin@example.com']) {
      expect(codeOf(await t.call('GET', '/api/v1/agents', who))).toBe('FORBIDDEN');
    }
    expect((await t.call('GET', '/api/v1/agents')).statusCode).toBe(401);
  });
});

describe('submitAgentRegistration', () => {
  it('submits, becomes pending, stores the form and locks the documents', async () => {
    const company = await newCompany(['REGISTRATION', 'REPRESENTATIVE', 'CERTIFICATE']);
    const response = await submit(
      company.email,
      form(company.fileIds, { legalName: '  Padded Name S.A.  ' }),
    );
    expect([response.statusCode, response.json()]).toEqual([201, { status: 'pending' }]);
    expect(await status(company.email)).toBe('pending');
    const profile = await t.prisma.agentProfile.findFirstOrThrow({
      where: { user: { email: company.email } },
    });
    expect(profile).toMatchObject({
      legalName: 'Padded Name S.A.',
      representativeTitle: 'ms',
      type: 'large',
    });
    const files = await t.prisma.agentFile.findMany({ where: { id: { in: company.fileIds } } });
    expect(files.every((file) => file.submitted)).toBe(true);
    const deleted = await t.call('DELETE', `/api/v1/agents/file/${company.fileIds[0]}`, company.email);
    expectError(deleted, 409, 'REGISTRATION_LOCKED');
  });

  it('refuses a second submission, also after a rejection', async () => {
    const company = await newCompany(['REGISTRATION', 'REPRESENTATIVE']);
    expect((await submit(company.email, form(company.fileIds))).statusCode).toBe(201);
    const again = await submit(company.email, form([]));
    expectError(again, 409, 'REGISTRATION_EXISTS');
    const rejected = await submit('rejected@example.com', form([]));
    expectError(rejected, 409, 'REGISTRATION_EXISTS');
    expect(codeOf(await submit('fleet@example.com', form([])))).toBe('REGISTRATION_EXISTS');
  });

  it('names the missing document sections; SME confirmation only for SMEs', async () => {
    const company = await newCompany(['REGISTRATION', 'REPRESENTATIVE']);
    const sme = await submit(company.email, form(company.fileIds, { type: 'sme' }));
    expectError(sme, 400, 'MISSING_DOCUMENTS');
    expect(sme.json().errors[0].message).toContain('SME_CONFIRMATION');
    const none = await submit(company.email, form([]));
    expect(codeOf(none)).toBe('MISSING_DOCUMENTS');
    expect(none.json().errors[0].message).toMatch(/REGISTRATION.*REPRESENTATIVE/);
    expect(await status(company.email)).toBeNull();
    expect((await submit(company.email, form(company.fileIds, { type: 'non_profit' }))).statusCode).toBe(201);
  });

  it('refuses documents that are not the caller’s own', async () => {
    const mine = await newCompany(['REGISTRATION', 'REPRESENTATIVE']);
    const other = await newCompany(['REGISTRATION']);
    const response = await submit(mine.email, form([mine.fileIds[1] ?? '', other.fileIds[0] ?? '']));
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().errors[0].field).toBe('fileIds');
    expect(codeOf(await submit(mine.email, form(['file-fleet-1', mine.fileIds[1] ?? ''])))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('checks every field rule of the form on the server', async () => {
    const company = await newCompany(['REGISTRATION', 'REPRESENTATIVE']);
    const cases: [Record<string, unknown>, string][] = [
      [{ legalName: 'x'.repeat(151) }, 'legalName'],
      [{ legalName: '   ' }, 'legalName'],
      [{ displayName: 'x'.repeat(101) }, 'displayName'],
      [{ displayName: '<b>Bold</b>' }, 'displayName'],
      [{ vatNumber: '12AB' }, 'vatNumber'],
      [{ vatNumber: '1234567890123456' }, 'vatNumber'],
      [{ country: 'Greece' }, 'country'],
      [{ site: 'x'.repeat(201) }, 'site'],
      [{ type: 'huge' }, 'type'],
      [{ sanction: 'no' }, 'sanction'],
      [{ representative: { firstname: 'Eleni' } }, 'representative.surname'],
      [{ representative: { firstname: 'x'.repeat(101), surname: 'N' } }, 'representative.firstname'],
      [{ representative: { title: 'dr', firstname: 'E', surname: 'N' } }, 'representative.title'],
      [{ unknown: true }, 'unknown'],
    ];
    for (const [override, field] of cases) {
      const response = await submit(company.email, form(company.fileIds, override));
      expect([response.statusCode, codeOf(response), response.json().errors[0].field], field).toEqual([
        400,
        'VALIDATION_FAILED',
        field,
      ]);
    }
    const missing = await submit(company.email, { ...form(company.fileIds), gatekeeper: undefined });
    expect(codeOf(missing)).toBe('VALIDATION_FAILED');
    expect(await status(company.email)).toBeNull();
  });

  it('is for companies only', async () => {
    expect(codeOf(await submit('owner@example.com', form([])))).toBe('FORBIDDEN');
    expect(codeOf(await submit('admin@example.com', form([])))).toBe('FORBIDDEN');
    const anonymous = await t.http({ method: 'POST', url: '/api/v1/agents', payload: form([]) });
    expect(anonymous.statusCode).toBe(401);
  });
});
