import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type FilePart, multipartBody } from '@portal/test-support/multipart';
import { beforeEach, describe, expect, it } from 'vitest';
import { as, codeOf, expectError, useTestApp } from '../../test/app.ts';
import { KEPT_IN_ROW_BYTES } from '../services/agent-files.ts';
import { makePdf, makePng } from '../simulator/scenarios/demo-files.ts';

// Registration documents: uploads checked by content and size, stored safely, listed and deleted.
const t = useTestApp();
const filesDir = () => path.join(t.config.dataDir, 'agent-files');

const company = 'newco@example.com';
beforeEach(async () => {
  await t.prisma.agentFile.deleteMany({ where: { userId: 'user-newco' } });
});

const upload = async (section: string, parts: FilePart[], who = company) => {
  const body = await multipartBody(parts);
  return t.call(
    'POST',
    `/api/v1/agents/files/upload/section/${section}`,
    { ...as(who), ...body.headers },
    body.payload,
  );
};
const pdf = makePdf(['Registry extract']);
const png = makePng(8, 8, [10, 20, 30]);
const stored = () => t.prisma.agentFile.count({ where: { userId: 'user-newco' } });
const filesOnDisk = async () => (await readdir(filesDir()).catch(() => [] as string[])).sort();

describe('uploadAgentFiles', () => {
  it('stores PDF and PNG files under generated names and lists them', async () => {
    const response = await upload('REGISTRATION', [
      { name: 'extract.pdf', content: pdf },
      { name: 'stamp.png', content: png },
    ]);
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { id: string; filename: string }[];
    expect(answer.map((file) => file.filename)).toEqual(['extract.pdf', 'stamp.png']);
    const rows = await t.prisma.agentFile.findMany({
      where: { userId: 'user-newco' },
      orderBy: { filename: 'asc' },
    });
    expect(rows.map((row) => [row.contentType, row.size])).toEqual([
      ['application/pdf', pdf.length],
      ['image/png', png.length],
    ]);
    expect(
      rows.every((row) => !row.storedName.includes('extract') && !row.storedName.includes('stamp')),
    ).toBe(true);
    expect(rows.map((row) => Buffer.from(row.content ?? []))).toEqual([pdf, png]);
    const list = await t.call('GET', '/api/v1/agents/files', company);
    expect(list.json()).toEqual(answer.map((file) => ({ ...file, section: 'REGISTRATION' })));
  });

  it('keeps a small document in its row and a larger one as a file; both download with their bytes until deleted', async () => {
    const large = Buffer.concat([pdf, randomBytes(KEPT_IN_ROW_BYTES)]);
    const sent = await upload('REGISTRATION', [
      { name: 'small.pdf', content: pdf },
      { name: 'large.pdf', content: large },
    ]);
    expect(sent.statusCode).toBe(201);
    const [small, big] = sent.json() as { id: string }[];
    const rowOf = (id = '') => t.prisma.agentFile.findUniqueOrThrow({ where: { id } });
    const smallRow = await rowOf(small?.id);
    const bigRow = await rowOf(big?.id);
    // The small one made no file; the large one is its file, its row without bytes.
    expect(Buffer.from(smallRow.content ?? [])).toEqual(pdf);
    expect(await filesOnDisk()).not.toContain(smallRow.storedName);
    expect(bigRow.content).toBeNull();
    expect((await readFile(path.join(filesDir(), bigRow.storedName))).equals(large)).toBe(true);
    const review = (id = '') => t.call('GET', `/api/v1/admin/files/${id}`, 'admin@example.com');
    for (const [id, bytes] of [
      [small?.id, pdf],
      [small?.id, pdf], // again: from memory
      [big?.id, large],
    ] as const) {
      const answer = await review(id);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-length']).toBe(String(bytes.length));
      expect(answer.rawPayload.equals(bytes)).toBe(true);
    }
    for (const file of [small, big]) {
      expect((await t.call('DELETE', `/api/v1/agents/file/${file?.id}`, company)).statusCode).toBe(204);
      expectError(await review(file?.id), 404, 'FILE_NOT_FOUND');
    }
    expect(await filesOnDisk()).not.toContain(bigRow.storedName);
  });

  it('makes the documents folder again when it is gone, for small and large files alike', async () => {
    await rm(filesDir(), { recursive: true, force: true });
    expect((await upload('REGISTRATION', [{ name: 'small.pdf', content: pdf }])).statusCode).toBe(201);
    expect(await filesOnDisk()).toEqual([]);
    await rm(filesDir(), { recursive: true, force: true });
    const large = Buffer.concat([pdf, randomBytes(400 * 1024)]);
    expect((await upload('CERTIFICATE', [{ name: 'large.pdf', content: large }])).statusCode).toBe(201);
    const onDisk = await filesOnDisk();
    expect(onDisk).toHaveLength(1);
    expect((await readFile(path.join(filesDir(), onDisk[0] ?? ''))).equals(large)).toBe(true);
  });

  it('checks the type by content: renamed executables and HTML named .png are refused', async () => {
    const before = await filesOnDisk();
    const fakes: FilePart[] = [
      {
        name: 'invoice.pdf',
        content: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(64)]),
      },
      { name: 'setup.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), randomBytes(64)]) },
      { name: 'photo.png', content: Buffer.from('<!doctype html><script>alert(1)</script>') },
    ];
    for (const fake of fakes) {
      const response = await upload('REGISTRATION', [fake]);
      expect([response.statusCode, codeOf(response)], fake.name).toEqual([415, 'FILE_TYPE_NOT_ALLOWED']);
      expect(response.json().errors[0].message).toBe(`File type is not allowed: ${fake.name}`);
    }
    expect(await stored()).toBe(0);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('names a PDF sent as .png for what it is', async () => {
    const response = await upload('CERTIFICATE', [{ name: 'scan.png', content: pdf }]);
    expect(response.json()[0].filename).toBe('scan.png.pdf');
  });

  it('refuses an empty file and an upload without files', async () => {
    const empty = await upload('REGISTRATION', [{ name: 'empty.pdf', content: Buffer.alloc(0) }]);
    expectError(empty, 400, 'FILE_EMPTY');
    const none = await upload('REGISTRATION', []);
    expectError(none, 400, 'FILE_EMPTY');
    expect(await stored()).toBe(0);
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte', async () => {
    const limit = 5 * 1024 * 1024;
    const atLimit = Buffer.concat([pdf, Buffer.alloc(limit - pdf.length, 0x20)]);
    expect((await upload('REGISTRATION', [{ name: 'big.pdf', content: atLimit }])).statusCode).toBe(201);
    const before = await filesOnDisk();
    const tooBig = Buffer.concat([pdf, Buffer.alloc(limit + 1 - pdf.length, 0x20)]);
    const response = await upload('CERTIFICATE', [{ name: 'huge.pdf', content: tooBig }]);
    expectError(response, 413, 'FILE_TOO_LARGE');
    expect(response.json().errors[0].message).toBe('File size too large: huge.pdf');
    expect(await stored()).toBe(1);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('allows at most 3 files per section, counting the ones already there', async () => {
    expect(
      (
        await upload('REPRESENTATIVE', [
          { name: 'a.pdf', content: pdf },
          { name: 'b.pdf', content: pdf },
        ])
      ).statusCode,
    ).toBe(201);
    const fourth = await upload('REPRESENTATIVE', [
      { name: 'c.pdf', content: pdf },
      { name: 'd.pdf', content: pdf },
    ]);
    expectError(fourth, 400, 'TOO_MANY_FILES');
    expect(await stored()).toBe(2);
    const four = await upload(
      'CERTIFICATE',
      ['1', '2', '3', '4'].map((n) => ({ name: `${n}.pdf`, content: pdf })),
    );
    expectError(four, 400, 'TOO_MANY_FILES');
    expect((await upload('REPRESENTATIVE', [{ name: 'c.pdf', content: pdf }])).statusCode).toBe(201);
  });

  it('never uses a path from the file name and stores nothing when one file of several is bad', async () => {
    const response = await upload('REGISTRATION', [{ name: '../../../etc/passwd\u0000.pdf', content: pdf }]);
    expect(response.statusCode).toBe(201);
    expect(response.json()[0].filename).toBe('passwd.pdf');
    const row = await t.prisma.agentFile.findFirstOrThrow({ where: { userId: 'user-newco' } });
    expect(row.storedName).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(row.content ?? [])).toEqual(pdf);
    const mixed = await upload('CERTIFICATE', [
      { name: 'good.pdf', content: pdf },
      { name: 'bad.png', content: Buffer.from('<html>') },
    ]);
    expect(codeOf(mixed)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(await stored()).toBe(1);
  });

  it('refuses other form fields, unknown sections, locked registrations and other roles', async () => {
    expect(codeOf(await upload('REGISTRATION', [{ name: 'a.pdf', content: pdf, field: 'other' }]))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(await upload('PASSPORT', [{ name: 'a.pdf', content: pdf }]))).toBe('VALIDATION_FAILED');
    const locked = await upload('REGISTRATION', [{ name: 'a.pdf', content: pdf }], 'pending@example.com');
    expectError(locked, 409, 'REGISTRATION_LOCKED');
    expect(codeOf(await upload('REGISTRATION', [{ name: 'a.pdf', content: pdf }], 'owner@example.com'))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await upload('REGISTRATION', [{ name: 'a.pdf', content: pdf }], 'admin@example.com'))).toBe(
      'FORBIDDEN',
    );
    const body = await multipartBody([{ name: 'a.pdf', content: pdf }]);
    const anonymous = await t.call(
      'POST',
      '/api/v1/agents/files/upload/section/REGISTRATION',
      body.headers,
      body.payload,
    );
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toBe(0);
  });
});

describe('deleteAgentFile and listAgentFiles', () => {
  it('deletes the caller’s own draft file from the list and the disk', async () => {
    const [file] = (await upload('REGISTRATION', [{ name: 'a.pdf', content: pdf }])).json();
    const row = await t.prisma.agentFile.findUniqueOrThrow({ where: { id: file.id } });
    const response = await t.call('DELETE', `/api/v1/agents/file/${file.id}`, company);
    expect(response.statusCode).toBe(204);
    expect(await stored()).toBe(0);
    expect(await filesOnDisk()).not.toContain(row.storedName);
  });

  it('answers FILE_NOT_FOUND for another company’s or an unknown file, REGISTRATION_LOCKED once submitted', async () => {
    const del = (id: string, who: string) => t.call('DELETE', `/api/v1/agents/file/${id}`, who);
    const foreign = await del('file-fleet-1', company);
    expectError(foreign, 404, 'FILE_NOT_FOUND');
    expect(codeOf(await del('nope', company))).toBe('FILE_NOT_FOUND');
    const locked = await del('file-pending-1', 'pending@example.com');
    expectError(locked, 409, 'REGISTRATION_LOCKED');
    expect(codeOf(await del('file-pending-1', 'owner@example.com'))).toBe('FORBIDDEN');
    expect((await t.call('DELETE', '/api/v1/agents/file/file-pending-1')).statusCode).toBe(401);
  });

  it('lists only the caller’s files', async () => {
    const list = await t.call('GET', '/api/v1/agents/files', 'pending@example.com');
    const ids = (list.json() as { id: string }[]).map((file) => file.id).sort();
    expect(ids).toEqual(['file-pending-1', 'file-pending-2', 'file-pending-3', 'file-pending-4']);
    expect(codeOf(await t.call('GET', '/api/v1/agents/files', 'owner@example.com'))).toBe('FORBIDDEN');
  });
});
