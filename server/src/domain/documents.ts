import { DATA_PRICES, PRICE_CURRENCY, PRICE_NOTES } from './data-prices.ts';
import {
  CATALOGUE_PRODUCT_TYPE,
  type CatalogueName,
  FIELD_CATALOGUE,
  PRODUCT_TYPE_LABELS,
  type ProductType,
} from './field-catalogue.ts';
import {
  bullets,
  createDocument,
  finish,
  footers,
  heading,
  type PdfOptions,
  paragraph,
  sections,
  table,
  titleBlock,
} from './pdf-layout.ts';
import { TERMS_ROLE_TITLES, type TermsRole, termsSections } from './terms-text.ts';
import { companySections, ownerSections, privacySection } from './user-guide-text.ts';

// The PDFs the portal serves: catalogues (from the field catalogue), the user guide, and the
// terms of use per role. Each resolves with the document's bytes.

export interface Brand {
  productName: string;
  manufacturer: string;
}

const money = (value: number) => `${value.toFixed(2)} ${PRICE_CURRENCY}`;

function fieldTable(doc: PDFKit.PDFDocument, productType: ProductType): void {
  const rows = FIELD_CATALOGUE[productType].map((field) => [
    field.name,
    field.unit ?? (field.values ? field.values.join(', ') : '\u2013'),
    field.description,
    field.personal ? 'Yes' : 'No',
  ]);
  table(doc, ['Field', 'Unit / values', 'Description', 'Personal'], rows, [140, 95, 193, 55]);
}

export async function renderCatalogue(
  name: CatalogueName,
  brand: Brand,
  options?: PdfOptions,
): Promise<Buffer> {
  const doc = await createDocument(
    { title: name, author: brand.manufacturer, subject: `${brand.productName} data catalogue` },
    options,
  );
  titleBlock(doc, name, `${brand.productName} \u2013 ${brand.manufacturer}`);
  if (name === 'Data Prices') {
    paragraph(
      doc,
      'Prices a data recipient pays for access to data shared by a user through the portal. Users always access the data of their own products free of charge.',
    );
    heading(doc, 'Prices per product and month');
    const rows = DATA_PRICES.map((price) => [
      PRODUCT_TYPE_LABELS[price.productType],
      price.description,
      money(price.monthlyEur),
      money(price.smeMonthlyEur),
      `+ ${money(price.personalDataSurchargeEur)}`,
    ]);
    table(
      doc,
      ['Product', 'Data', 'Standard', 'SME / non-profit', 'Personal data'],
      rows,
      [70, 170, 75, 85, 83],
    );
    heading(doc, 'Conditions');
    bullets(doc, PRICE_NOTES);
  } else {
    const productType = CATALOGUE_PRODUCT_TYPE[name];
    const fields = FIELD_CATALOGUE[productType];
    const cadence =
      productType === 'VEHICLE'
        ? 'Vehicles report one reading per minute while data collection is switched on.'
        : 'Home chargers report one record per charging session; a session is exported once it has ended.';
    paragraph(
      doc,
      `The data fields ${brand.manufacturer} makes available for each ${PRODUCT_TYPE_LABELS[productType].toLowerCase()} under the EU Data Act. ${cadence} Exports hold one CSV and one JSON file per product with these fields, in this order, plus a data dictionary and a manifest.`,
    );
    heading(doc, `Fields (${fields.length})`);
    fieldTable(doc, productType);
    heading(doc, 'Personal data');
    paragraph(
      doc,
      `Fields marked "Personal" identify or locate a person: ${fields
        .filter((field) => field.personal)
        .map((field) => field.name)
        .join(
          ', ',
        )}. They are included in a recipient's files only where the user chose to include personal data; otherwise the columns are left out entirely.`,
    );
  }
  footers(doc, `${brand.productName} \u2013 ${name}`);
  return finish(doc);
}

export async function renderUserGuide(
  brand: { productName: string; supportEmail: string; manufacturer?: string },
  options?: PdfOptions,
): Promise<Buffer> {
  const author = brand.manufacturer ?? brand.productName;
  const doc = await createDocument(
    { title: `${brand.productName} user guide`, author, subject: 'User guide' },
    options,
  );
  titleBlock(
    doc,
    `${brand.productName} user guide`,
    'For vehicle and charger owners, and for companies receiving data',
  );
  doc.font('Helvetica-Bold').fontSize(16).text('Part A: Owners');
  sections(doc, ownerSections(brand));
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text('Part B: Companies (data recipients)');
  sections(doc, companySections(brand));
  sections(doc, [privacySection(brand)]);
  footers(doc, `${brand.productName} user guide`);
  return finish(doc);
}

export async function renderTerms(
  input: { termsId: string; role: TermsRole; productName: string; manufacturer: string },
  options?: PdfOptions,
): Promise<Buffer> {
  const title = TERMS_ROLE_TITLES[input.role];
  const doc = await createDocument(
    { title, author: input.manufacturer, subject: `Terms ${input.termsId}` },
    options,
  );
  titleBlock(doc, title, `${input.productName} \u2013 version ${input.termsId}`);
  sections(doc, termsSections(input.role, input));
  footers(doc, `${input.productName} \u2013 terms ${input.termsId} (${input.role})`);
  return finish(doc);
}
