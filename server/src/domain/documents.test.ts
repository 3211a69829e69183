import { describe, expect, it } from 'vitest';
import { renderCatalogue, renderTerms, renderUserGuide } from './documents.ts';
import { FIELD_CATALOGUE } from './field-catalogue.ts';
import { parseTermsDocumentName, termsDocumentName } from './terms-text.ts';

const brand = { productName: 'Acme Data Portal', manufacturer: 'Acme Motors' };
const plain = { compress: false };

/** The text shown on the pages of an uncompressed pdfkit document, one line per text run. */
function textOf(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const runs = source.match(/\[([^\]]*)\] TJ/g) ?? [];
  return runs
    .map((run) =>
      (run.match(/<([0-9a-f]*)>/g) ?? [])
        .map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

function expectPdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  expect(pdf.length).toBeGreaterThan(2000);
  expect(pdf.length).toBeLessThan(500_000);
}

describe('renderCatalogue', () => {
  it.each([
    ['Vehicle Data', 'VEHICLE'],
    ['Home Charger Data', 'WALLBOX'],
  ] as const)('lists every %s field with unit, description and personal flag', async (name, productType) => {
    const pdf = await renderCatalogue(name, brand, plain);
    expectPdf(pdf);
    const text = textOf(pdf);
    expect(text).toContain(name);
    expect(text).toContain('Acme Motors');
    for (const heading of ['Field', 'Unit / values', 'Description', 'Personal'])
      expect(text).toContain(heading);
    for (const field of FIELD_CATALOGUE[productType]) expect(text).toContain(field.name);
    const personal = FIELD_CATALOGUE[productType]
      .filter((field) => field.personal)
      .map((field) => field.name);
    expect(text).toContain(`identify or locate a person: ${personal.join(', ')}`);
  });

  it('prices each product type, with the SME rate and the personal data surcharge', async () => {
    const pdf = await renderCatalogue('Data Prices', brand, plain);
    expectPdf(pdf);
    const text = textOf(pdf).replace(/\n/g, ' ');
    expect(text).toContain('4.90 EUR');
    expect(text).toContain('2.40 EUR');
    expect(text).toContain('+ 1.50 EUR');
    expect(text).toContain('1.90 EUR');
    expect(text).toContain('free of charge');
  });

  it('compresses by default and numbers the pages', async () => {
    const compressed = await renderCatalogue('Vehicle Data', brand);
    expectPdf(compressed);
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
    const text = textOf(await renderCatalogue('Vehicle Data', brand, plain));
    expect(text).toMatch(/Page 1 of 1/);
  });
});

describe('renderUserGuide', () => {
  it('covers owners, companies and privacy, with the support address', async () => {
    const pdf = await renderUserGuide(
      { productName: 'Acme Data Portal', supportEmail: 'help@acme.example' },
      plain,
    );
    expectPdf(pdf);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(3);
    const text = textOf(pdf).replace(/\n/g, ' ');
    for (const section of [
      'Part A: Owners',
      'Your products',
      'Data collection',
      'Downloading your data',
      'Inviting a company',
      'Permissions and personal data',
      'Part B: Companies',
      'Registering your company',
      'Supporting documents',
      'Redeeming access codes',
      'Connected users',
      'Downloading shared data',
      'Privacy and support',
    ]) {
      expect(text).toContain(section);
    }
    expect(text).toContain('help@acme.example');
    expect(text).toContain('Acme Data Portal');
    expect(text).toMatch(/Page 3 of \d/);
  });
});

describe('renderTerms', () => {
  it.each([
    ['user', 'Terms of use for vehicle and charger owners', 'free of charge'],
    ['agent', 'Terms of use for data recipients', 'gatekeeper'],
    ['admin', 'Terms of use for administrators', 'audited'],
  ] as const)(
    'writes %s terms naming the version, the portal and the manufacturer',
    async (role, title, clause) => {
      const pdf = await renderTerms({ termsId: '2025-07.1', role, ...brand }, plain);
      expectPdf(pdf);
      const text = textOf(pdf).replace(/\n/g, ' ');
      expect(text).toContain(title);
      expect(text).toContain('version 2025-07.1');
      expect(text).toContain('Acme Data Portal');
      expect(text).toContain('Acme Motors');
      expect(text).toContain(clause);
    },
  );

  it('differs per role', async () => {
    const user = textOf(await renderTerms({ termsId: 'v1', role: 'user', ...brand }, plain));
    const agent = textOf(await renderTerms({ termsId: 'v1', role: 'agent', ...brand }, plain));
    expect(user).not.toBe(agent);
  });
});

describe('terms document names', () => {
  it('round-trips the /tnc file name of a version and role', () => {
    expect(termsDocumentName('2025-07.1', 'agent')).toBe('2025-07.1_agent_en.pdf');
    expect(parseTermsDocumentName('2025-07.1_agent_en.pdf')).toEqual({ termsId: '2025-07.1', role: 'agent' });
  });

  it.each([
    '2025_owner_en.pdf',
    '2025_user_de.pdf',
    '../x_user_en.pdf',
    'v1_user_en.pdf.exe',
    '_user_en.pdf',
  ])('rejects %s', (name) => {
    expect(parseTermsDocumentName(name)).toBeNull();
  });
});
