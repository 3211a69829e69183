import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { Config } from '../config.ts';
import type { AgentFileRow } from '../db/list-reads.ts';
import { checkedWrite, laneCount } from '../db/row-writes.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/app-error.ts';
import { onFirstUse } from '../lib/first-use.ts';
import { memoAnswer } from '../lib/frozen-answers.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { keepFixedBytes, keptFixedBytes, openStoredFile, type StoredFile } from '../lib/stored-files.ts';
import type { World } from '../world.ts';

export const FILE_SECTIONS = ['REGISTRATION', 'CERTIFICATE', 'SME_CONFIRMATION', 'REPRESENTATIVE'] as const;
export type FileSection = (typeof FILE_SECTIONS)[number];
export const MAX_FILES_PER_SECTION = 3;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * Documents up to this size are kept in their database row (`AgentFile.content`), larger ones as a file of
 * their own (decision 0164): creating a file cost the kernel more than the rest of an upload.
 */
export const KEPT_IN_ROW_BYTES = 256 * 1024;
const MAX_NAME_LENGTH = 200;

/** Allowed document types, recognised by their content (magic bytes), never by name or declared type. */
const ALLOWED: Readonly<Record<string, string>> = { 'application/pdf': 'pdf', 'image/png': 'png' };

/**
 * Where a world's uploaded documents too large for their row (and the demo worlds' seeded ones) live, flat,
 * under generated names: `{dataDir}/agent-files`; this folder is never served statically.
 */
export const agentFilesDir = (dataDir: string) => path.join(dataDir, 'agent-files');
export const agentFilesDirectory = ({ config }: { config: Pick<Config, 'dataDir'> }) =>
  agentFilesDir(config.dataDir);

/** Only names we generated ourselves are ever joined to the folder. */
export function storedFilePath(world: { config: Pick<Config, 'dataDir'> }, storedName: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(storedName) || storedName.startsWith('.'))
    throw new Error('Invalid stored name');
  return path.join(agentFilesDirectory(world), storedName);
}

/**
 * A display name safe to show and to put in a download header: the last path segment only, without
 * control or direction-override characters, at most 200 characters (keeping the extension).
 */
export function sanitiseFilename(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/["<>:|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const name = cleaned || 'document';
  if (name.length <= MAX_NAME_LENGTH) return name;
  const extension = path.extname(name).slice(0, 10);
  return name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** The display name ends in the extension of what the file really is (a PDF named scan.png gets .pdf). */
function withTrueExtension(name: string, extension: string): string {
  if (name.toLowerCase().endsWith(`.${extension}`)) return name;
  return sanitiseFilename(`${name}.${extension}`.slice(-MAX_NAME_LENGTH));
}

interface ReceivedFile {
  filename: string;
  buffer: Buffer;
}

const multipartErrors: Readonly<Record<string, () => AppError>> = {
  FST_FILES_LIMIT: () => tooManyFiles(),
  FST_REQ_FILE_TOO_LARGE: () =>
    new AppError(413, 'FILE_TOO_LARGE', 'File size too large: the limit is 5 MB.', 'file'),
  FST_PARTS_LIMIT: () => badRequest('VALIDATION_FAILED', 'The upload has too many parts.'),
  // Fields are not taken at all (`fields: 0`): a part without a file name is one.
  FST_FIELDS_LIMIT: () =>
    badRequest(
      'VALIDATION_FAILED',
      'A part of the upload is a form field, not a file; send files in "file".',
    ),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    badRequest('VALIDATION_FAILED', 'Send the files as multipart/form-data in the field "file".'),
};

/**
 * The multipart reader's own failures come from the client's bytes (a part cut off, no closing
 * boundary, a malformed part header, the client leaving): a 400, never a 500. Limits keep their codes.
 */
function clientBodyError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  const mapped = typeof code === 'string' ? multipartErrors[code] : undefined;
  if (mapped) return mapped();
  return badRequest('VALIDATION_FAILED', 'The multipart body is malformed or incomplete.');
}

/** Reads what the client sent, turning the reader's failures into refusals (`clientBodyError`). */
async function* fromClient<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    while (true) {
      let step: IteratorResult<T>;
      try {
        step = await iterator.next();
      } catch (error) {
        throw clientBodyError(error);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    await iterator.return?.();
  }
}

const tooManyFiles = () =>
  badRequest('TOO_MANY_FILES', `You can only upload a maximum of ${MAX_FILES_PER_SECTION} file(s).`, 'file');

/** file-type, loaded on the first upload rather than at every start (issue 23). */
const fileType = onFirstUse(() => import('file-type'));
const fileTypeFromBuffer = async (buffer: Uint8Array) => (await fileType()).fileTypeFromBuffer(buffer);

/** Bytes file-type needs to recognise a PDF or PNG (it reads at most this much). */
const SNIFF_BYTES = 4100;

async function assertAllowedType(head: Buffer, filename: string): Promise<void> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !ALLOWED[detected.mime]) {
    throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', `File type is not allowed: ${filename}`, 'file');
  }
}

/**
 * Reads the parts, checking while they stream: a file beyond the section's `room`, a file over 5 MB
 * or one that is not a PDF or PNG stops the upload at that chunk, so a rejected batch never sits in
 * memory. Accepted files are kept (at most `room` × 5 MB) so nothing is stored unless the whole
 * upload is valid.
 */
export async function receiveFiles(
  parts: AsyncIterable<MultipartFile | { type: 'field'; fieldname: string }>,
  room: number = MAX_FILES_PER_SECTION,
) {
  const files: ReceivedFile[] = [];
  for await (const part of fromClient(parts)) {
    if (!part.fieldname) {
      throw badRequest('VALIDATION_FAILED', 'A part of the upload has no name; send files in "file".');
    }
    if (part.type !== 'file' || part.fieldname !== 'file') {
      throw badRequest(
        'VALIDATION_FAILED',
        `Unexpected form field "${part.fieldname.slice(0, 60)}"; send files in "file".`,
      );
    }
    if (files.length >= room) throw tooManyFiles();
    const filename = sanitiseFilename(part.filename ?? '');
    const chunks: Buffer[] = [];
    let size = 0;
    let typeChecked = false;
    for await (const chunk of fromClient(part.file)) {
      size += (chunk as Buffer).length;
      if (size > MAX_FILE_BYTES || part.file.truncated) {
        throw new AppError(413, 'FILE_TOO_LARGE', `File size too large: ${filename}`, 'file');
      }
      chunks.push(chunk as Buffer);
      if (!typeChecked && size >= SNIFF_BYTES) {
        await assertAllowedType(Buffer.concat(chunks), filename);
        typeChecked = true;
      }
    }
    if (part.file.truncated) {
      throw new AppError(413, 'FILE_TOO_LARGE', `File size too large: ${filename}`, 'file');
    }
    files.push({ filename, buffer: Buffer.concat(chunks) });
  }
  return files;
}

/**
 * Before the upload is read: refuses a submitted registration's documents, and answers how many more
 * files the section can take (the commit checks both again). Remembered reads, no write lock.
 */
export async function draftSectionRoom(
  { reads }: Pick<World, 'reads'>,
  userId: string,
  section: FileSection,
): Promise<number> {
  if ((await reads.lists.agentStatus(userId)) !== undefined) throw registrationLocked();
  const files = await reads.lists.agentFiles(userId);
  return Math.max(0, MAX_FILES_PER_SECTION - files.filter((file) => file.section === section).length);
}

async function checkFile(file: ReceivedFile): Promise<{ contentType: string; filename: string }> {
  if (file.buffer.length === 0) throw badRequest('FILE_EMPTY', `The file is empty: ${file.filename}`, 'file');
  if (file.buffer.length > MAX_FILE_BYTES) {
    throw new AppError(413, 'FILE_TOO_LARGE', `File size too large: ${file.filename}`, 'file');
  }
  const detected = await fileTypeFromBuffer(file.buffer);
  const extension = detected ? ALLOWED[detected.mime] : undefined;
  if (!detected || !extension) {
    throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', `File type is not allowed: ${file.filename}`, 'file');
  }
  return { contentType: detected.mime, filename: withTrueExtension(file.filename, extension) };
}

// The lane's reads of the registration's state (services run them in the write's own transaction).
const PROFILE_OF_USER = 'SELECT 1 AS found FROM "AgentProfile" WHERE "userId" = ?';
const FILES_IN_SECTION = 'SELECT count(*) AS n FROM "AgentFile" WHERE "userId" = ? AND section = ?';

const registrationLocked = () =>
  conflict('REGISTRATION_LOCKED', 'Your registration was submitted; its documents can no longer change.');

/**
 * Writes a new stored document (never over another) off the event loop; its folder is made on first use
 * or when gone. Not at once on the event loop: creating a file waits for the file system's journal, which
 * the database's checkpoints (db/sqlite-worker.ts) and any other process's syncs hold for milliseconds;
 * at 50 connections such waits stalled every request in turn (p99 1.3 s, more than half of the event
 * loop's samples in `open`).
 */
async function storeDocument(world: { config: Pick<Config, 'dataDir'> }, storedName: string, buffer: Buffer) {
  const target = storedFilePath(world, storedName);
  const write = () => writeFile(target, buffer, { flag: 'wx' });
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(agentFilesDirectory(world), { recursive: true });
    await write();
  }
}

/**
 * Stores a section's new documents: all or nothing. Each file is checked by content, the section's
 * total stays at most 3. A document up to KEPT_IN_ROW_BYTES is written with its row; a larger one is
 * written as a file under its generated name before the rows are committed (and removed again if the
 * commit fails).
 */
export async function storeAgentFiles(
  { prisma, config, clock }: Pick<World, 'prisma' | 'config' | 'clock'>,
  userId: string,
  section: FileSection,
  received: readonly ReceivedFile[],
) {
  if (received.length === 0) throw badRequest('FILE_EMPTY', 'Choose at least one file to upload.', 'file');
  const checked: { contentType: string; filename: string; buffer: Buffer }[] = [];
  for (const file of received) checked.push({ ...(await checkFile(file)), buffer: file.buffer });
  const uploadedAt = clock.now().getTime();
  const rows = checked.map((file, index) => ({
    id: randomUUID().replaceAll('-', ''),
    // One millisecond apart, so the list keeps the order in which the files were sent.
    createdAt: new Date(uploadedAt + index),
    storedName: randomUUID(),
    userId,
    section,
    filename: file.filename,
    size: file.buffer.length,
    contentType: file.contentType,
    submitted: false,
    // A buffer the multipart reader made (Buffer.concat): on an ArrayBuffer, never a shared one.
    content: file.buffer.length <= KEPT_IN_ROW_BYTES ? (file.buffer as Uint8Array<ArrayBuffer>) : null,
  }));
  const files = rows.flatMap((row, index) => {
    const buffer = checked[index]?.buffer;
    return row.content === null && buffer ? [{ storedName: row.storedName, buffer }] : [];
  });
  try {
    await Promise.all(files.map((file) => storeDocument({ config }, file.storedName, file.buffer)));
    await checkedWrite(prisma, `registration:${userId}`, {
      onLane(writer) {
        if (writer.get(PROFILE_OF_USER, userId)) throw registrationLocked();
        const existing = laneCount(writer.get(FILES_IN_SECTION, userId, section));
        if (existing + rows.length > MAX_FILES_PER_SECTION) throw tooManyFiles();
        for (const row of rows) writer.insert('AgentFile', row);
      },
      async onPrisma(tx) {
        if (await tx.agentProfile.findUnique({ where: { userId }, select: { id: true } }))
          throw registrationLocked();
        const existing = await tx.agentFile.count({ where: { userId, section } });
        if (existing + rows.length > MAX_FILES_PER_SECTION) throw tooManyFiles();
        await tx.agentFile.createMany({ data: rows });
      },
    });
  } catch (error) {
    await Promise.all(files.map((file) => rm(storedFilePath({ config }, file.storedName), { force: true })));
    throw error;
  }
  return rows.map((row) => ({ id: row.id, filename: row.filename }));
}

/** The company's documents, oldest first (a prepared read, db/list-reads.ts). */
export function listAgentFiles({ reads }: Pick<World, 'reads'>, userId: string) {
  // Remembered rows (frozen, the same array until they change) give the same frozen answer.
  return whenReady(reads.lists.agentFiles(userId), (files) =>
    Object.isFrozen(files) ? memoAnswer(fileLists, files, agentFileViews) : agentFileViews(files),
  );
}

const agentFileViews = (files: readonly AgentFileRow[]) =>
  files.map((file) => ({ id: file.id, section: file.section as FileSection, filename: file.filename }));
const fileLists = new WeakMap<readonly AgentFileRow[], ReturnType<typeof agentFileViews>>();

/** Deletes one of the caller's documents while the registration is still a draft. */
export async function deleteAgentFile(
  { prisma, config }: Pick<World, 'prisma' | 'config'>,
  userId: string,
  id: string,
) {
  const missing = () => notFound('FILE_NOT_FOUND', 'This file could not be found.');
  // Whether the document is a file of its own (its bytes not in the row): known on the lane, assumed elsewhere.
  const { storedName, onDisk } = await checkedWrite(prisma, `registration:${userId}`, {
    onLane(writer) {
      const found = writer.get<{ storedName: string; submitted: number | bigint; inRow: number | bigint }>(
        `SELECT "storedName", submitted, content IS NOT NULL AS "inRow" FROM "AgentFile"
          WHERE id = ? AND "userId" = ?`,
        id,
        userId,
      );
      if (!found) throw missing();
      if (Number(found.submitted) !== 0 || writer.get(PROFILE_OF_USER, userId)) throw registrationLocked();
      writer.remove('AgentFile', { id });
      return { storedName: found.storedName, onDisk: Number(found.inRow) === 0 };
    },
    async onPrisma(tx) {
      const found = await tx.agentFile.findFirst({
        where: { id, userId },
        select: { id: true, storedName: true, submitted: true },
      });
      if (!found) throw missing();
      if (
        found.submitted ||
        (await tx.agentProfile.findUnique({ where: { userId }, select: { id: true } }))
      ) {
        throw registrationLocked();
      }
      await tx.agentFile.delete({ where: { id: found.id } });
      return { storedName: found.storedName, onDisk: true };
    },
  });
  if (onDisk) await rm(storedFilePath({ config }, storedName), { force: true });
}

/**
 * The bytes of a document whose row the caller has just read (`file`): kept in its row, or the file of
 * its generated name. A document's bytes never change under its generated name, so those read from a
 * row are kept in memory (lib/stored-files.ts) and answered again while the row is there; a file is looked
 * at on every call. Null when the row or the file is gone.
 */
export function openAgentDocument(
  { prisma, config }: Pick<World, 'prisma' | 'config'>,
  file: { id: string; storedName: string },
): MaybePromise<StoredFile | null> {
  const key = `agent-file-row:${file.storedName}`;
  const known = keptFixedBytes(key);
  if (known) return { size: known.length, body: known };
  return whenReady(openStoredFile(storedFilePath({ config }, file.storedName)), async (stored) => {
    if (stored) return stored;
    const row = await prisma.agentFile.findUnique({
      where: { id: file.id },
      select: { storedName: true, content: true },
    });
    if (!row?.content || row.storedName !== file.storedName) return null;
    const bytes = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
    keepFixedBytes(key, bytes);
    return { size: bytes.length, body: bytes };
  });
}
