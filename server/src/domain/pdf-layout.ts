// Shared page layout for the portal's PDF documents: A4, a title block, headed sections,
// bullet lists, tables and a footer with page numbers. pdfkit (and its fonts) loads on the first
// document, not at server start: a quarter of a second of CPU that only a PDF download needs.

export interface PdfOptions {
  /** Compress page content (default true); tests turn it off to read the text back. */
  compress?: boolean;
  /** Creation date written into the document (default: the edition of the generated documents). */
  date?: Date;
}

/**
 * The edition of the documents generated from code (user guide, data catalogues): the date written
 * into them and answered as their Last-Modified. A fixed date, not the moment of rendering, makes the
 * same document byte for byte on every instance, so its ETag and Last-Modified hold across a team of
 * instances behind a balancer (a copy fetched from one is current on the other). Move it forward when
 * their text changes.
 */
export const DOCUMENTS_EDITION = new Date('2026-11-26T00:00:00Z');

export interface DocumentSection {
  title: string;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
}

const MARGIN = 56;
const ACCENT = '#1f4e79';
const MUTED = '#555555';

export async function createDocument(
  meta: { title: string; author: string; subject: string },
  options: PdfOptions = {},
): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: meta.author,
      Subject: meta.subject,
      CreationDate: options.date ?? DOCUMENTS_EDITION,
    },
  });
}

export function titleBlock(doc: PDFKit.PDFDocument, title: string, subtitle: string): void {
  doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text(title);
  doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor(MUTED).text(subtitle);
  const y = doc.y + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  doc.y = y + 14;
  doc.fillColor('black');
}

export function heading(doc: PDFKit.PDFDocument, text: string): void {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(14).fillColor(ACCENT).text(text, MARGIN);
  doc.moveDown(0.3).fillColor('black');
}

export function paragraph(doc: PDFKit.PDFDocument, text: string): void {
  doc.font('Helvetica').fontSize(10.5).fillColor('black').text(text, MARGIN, undefined, { align: 'left' });
  doc.moveDown(0.5);
}

export function bullets(doc: PDFKit.PDFDocument, items: readonly string[]): void {
  doc.font('Helvetica').fontSize(10.5).fillColor('black');
  for (const item of items) {
    doc.text(`\u2022  ${item}`, MARGIN + 10, undefined, { indent: -9 });
    doc.moveDown(0.2);
  }
  doc.x = MARGIN;
  doc.moveDown(0.4);
}

export function sections(doc: PDFKit.PDFDocument, list: readonly DocumentSection[]): void {
  list.forEach((section, index) => {
    heading(doc, `${index + 1}. ${section.title}`);
    for (const text of section.paragraphs ?? []) paragraph(doc, text);
    if (section.bullets) bullets(doc, section.bullets);
  });
}

export function table(
  doc: PDFKit.PDFDocument,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  widths: readonly number[],
): void {
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(9);
  doc.table({
    columnStyles: [...widths],
    rowStyles: (row) => (row === 0 ? { backgroundColor: '#e8eef5' } : undefined),
    defaultStyle: { border: 0.5, borderColor: '#b0b8c4', padding: 4 },
    data: [
      header.map((text) => ({ text, font: { src: 'Helvetica-Bold' }, type: 'TH' as const })),
      ...rows.map((row) => [...row]),
    ],
  });
  doc.x = MARGIN;
  doc.moveDown(0.8);
}

/** Footer on every page; the bottom margin is lifted meanwhile so pdfkit adds no page. */
export function footers(doc: PDFKit.PDFDocument, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN / 2 - 6;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(left, MARGIN, y, { lineBreak: false });
    const label = `Page ${i + 1} of ${range.count}`;
    doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), y, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** Ends the document and resolves with its bytes. */
export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
