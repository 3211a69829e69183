// Registration documents of the seeded companies: small but valid PDF and PNG files
// written to `filesDir` (flat: filesDir/<storedName>), plus their AgentFile rows.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Db } from '../../db/client.ts';
import { USER_IDS } from './demo-people.ts';
import { daysBefore } from './time.ts';

type Section = 'REGISTRATION' | 'CERTIFICATE' | 'SME_CONFIRMATION' | 'REPRESENTATIVE';

interface FileSeed {
  id: string;
  userId: string;
  section: Section;
  filename: string;
  /** days before `now` of the upload */
  uploaded: number;
  /** Part of a submitted registration (locked); default true. */
  submitted?: boolean;
}

const { fleet, chargewise, saferoad, pending, rejected, draft, review, starter } = USER_IDS;

export const AGENT_FILES: readonly FileSeed[] = [
  {
    id: 'file-fleet-1',
    userId: fleet,
    section: 'REGISTRATION',
    filename: 'commercial-register-extract.pdf',
    uploaded: 169,
  },
  {
    id: 'file-fleet-2',
    userId: fleet,
    section: 'CERTIFICATE',
    filename: 'domain-certificate.pdf',
    uploaded: 169,
  },
  {
    id: 'file-fleet-3',
    userId: fleet,
    section: 'REPRESENTATIVE',
    filename: 'power-of-attorney.pdf',
    uploaded: 169,
  },
  {
    id: 'file-chargewise-1',
    userId: chargewise,
    section: 'REGISTRATION',
    filename: 'cro-extract.pdf',
    uploaded: 139,
  },
  {
    id: 'file-chargewise-2',
    userId: chargewise,
    section: 'SME_CONFIRMATION',
    filename: 'sme-declaration.pdf',
    uploaded: 139,
  },
  {
    id: 'file-chargewise-3',
    userId: chargewise,
    section: 'REPRESENTATIVE',
    filename: 'director-id.png',
    uploaded: 139,
  },
  {
    id: 'file-saferoad-1',
    userId: saferoad,
    section: 'REGISTRATION',
    filename: 'kbis-extract.pdf',
    uploaded: 129,
  },
  {
    id: 'file-saferoad-2',
    userId: saferoad,
    section: 'REPRESENTATIVE',
    filename: 'mandate.pdf',
    uploaded: 129,
  },
  {
    id: 'file-pending-1',
    userId: pending,
    section: 'REGISTRATION',
    filename: 'chamber-of-commerce-extract.pdf',
    uploaded: 3,
  },
  {
    id: 'file-pending-2',
    userId: pending,
    section: 'CERTIFICATE',
    filename: 'domain-certificate.pdf',
    uploaded: 3,
  },
  {
    id: 'file-pending-3',
    userId: pending,
    section: 'SME_CONFIRMATION',
    filename: 'sme-declaration.pdf',
    uploaded: 3,
  },
  {
    id: 'file-pending-4',
    userId: pending,
    section: 'REPRESENTATIVE',
    filename: 'representative-id.png',
    uploaded: 2,
  },
  {
    id: 'file-rejected-1',
    userId: rejected,
    section: 'REGISTRATION',
    filename: 'company-register.pdf',
    uploaded: 31,
  },
  {
    id: 'file-rejected-2',
    userId: rejected,
    section: 'REPRESENTATIVE',
    filename: 'mandate.png',
    uploaded: 31,
  },
  {
    id: 'file-draft-1',
    userId: draft,
    section: 'REGISTRATION',
    filename: 'trade-register.pdf',
    uploaded: 1,
    submitted: false,
  },
  {
    id: 'file-draft-2',
    userId: draft,
    section: 'REPRESENTATIVE',
    filename: 'signatory-id.pdf',
    uploaded: 1,
    submitted: false,
  },
  {
    id: 'file-draft-3',
    userId: draft,
    section: 'SME_CONFIRMATION',
    filename: 'sme-declaration.pdf',
    uploaded: 1,
    submitted: false,
  },
  {
    id: 'file-review-1',
    userId: review,
    section: 'REGISTRATION',
    filename: 'bolagsverket-extract.pdf',
    uploaded: 4,
  },
  {
    id: 'file-starter-1',
    userId: starter,
    section: 'REGISTRATION',
    filename: 'draft-register-extract.pdf',
    uploaded: 1,
    submitted: false,
  },
];

function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A one-page PDF with a few lines of Helvetica text (valid xref table). */
export function makePdf(lines: string[]): Buffer {
  const content = [
    'BT /F1 16 Tf 72 770 Td 20 TL',
    ...lines.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small RGB PNG (diagonal stripes in the given colour). */
export function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const on = (x + y) % 8 < 4;
      raw.set(on ? rgb : [255, 255, 255], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function fileContent(file: FileSeed): { buffer: Buffer; contentType: string; extension: string } {
  if (file.filename.endsWith('.png')) {
    return { buffer: makePng(64, 48, [32, 96, 160]), contentType: 'image/png', extension: 'png' };
  }
  const buffer = makePdf([
    'Data Act Portal - sample registration document',
    `Section: ${file.section}`,
    `File: ${file.filename}`,
    'This document was generated by the seed and has no legal value.',
  ]);
  return { buffer, contentType: 'application/pdf', extension: 'pdf' };
}

export function storedNameOf(file: FileSeed): string {
  return `${file.id}.${fileContent(file).extension}`;
}

/** Writes the seeded documents into filesDir (overwriting) and returns their stored names. */
export async function writeSeedFiles(filesDir: string): Promise<string[]> {
  await mkdir(filesDir, { recursive: true });
  return Promise.all(
    AGENT_FILES.map(async (file) => {
      const storedName = storedNameOf(file);
      await writeFile(join(filesDir, storedName), fileContent(file).buffer);
      return storedName;
    }),
  );
}

export async function seedAgentFiles(db: Db, now: Date): Promise<void> {
  await db.agentFile.createMany({
    data: AGENT_FILES.map((file) => {
      const { buffer, contentType } = fileContent(file);
      return {
        id: file.id,
        userId: file.userId,
        section: file.section,
        filename: file.filename,
        storedName: storedNameOf(file),
        size: buffer.length,
        contentType,
        createdAt: daysBefore(now, file.uploaded),
        submitted: file.submitted ?? true,
      };
    }),
  });
}
