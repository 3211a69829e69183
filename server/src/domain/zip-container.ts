// The zip container of exports: headers, data descriptors and the central directory around
// entries that are already deflated. yazl (used before) deflates each entry itself, one entry
// after the other; exports deflate their CSV and JSON files at the same time, on two threads,
// and hand the deflated bytes here (decision 0035). Sizes are known only after an entry's data,
// so every entry has a data descriptor; Zip64 records are written where a size, an offset or
// the entry count passes the classic format's limits, as yazl did.

const LIMIT_32 = 0xffffffff;
const LIMIT_16 = 0xffff;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAME = 0x0800;
const METHOD_DEFLATE = 8;
const VERSION_DEFLATE = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix, spec 6.3: lets the external attributes carry a file mode. */
const MADE_BY = (3 << 8) | 63;
const FILE_MODE = 0o100644;

interface Entry {
  name: Buffer;
  dosTime: number;
  dosDate: number;
  offset: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
}

/** DOS date and time in the server's local time, as zip tools read them (2-second steps). */
function dosDateTime(date: Date): { dosDate: number; dosTime: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    dosDate: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    dosTime: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
  };
}

export interface ZipContainerOptions {
  /** Zip64 records for every entry, not only where needed (tests reach that path this way). */
  forceZip64?: boolean;
}

/**
 * Writes one entry at a time to `output`: `beginEntry`, the deflated bytes through `data`, then
 * `endEntry` with the checksum and size of the original bytes; `finish` writes the directory.
 */
/**
 * The five fields a local header and a central directory record share, in the same order: version
 * needed, flags, method, DOS time and date (APPNOTE 4.3.7 and 4.3.12).
 */
function writeEntryFields(buffer: Buffer, at: number, zip64: boolean, entry: Entry): void {
  buffer.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFLATE, at);
  buffer.writeUInt16LE(FLAG_DATA_DESCRIPTOR | FLAG_UTF8_NAME, at + 2);
  buffer.writeUInt16LE(METHOD_DEFLATE, at + 4);
  buffer.writeUInt16LE(entry.dosTime, at + 6);
  buffer.writeUInt16LE(entry.dosDate, at + 8);
}

export class ZipContainer {
  #output: (chunk: Buffer) => void;
  #forceZip64: boolean;
  #entries: Entry[] = [];
  #offset = 0;
  #open: Entry | null = null;

  constructor(output: (chunk: Buffer) => void, options: ZipContainerOptions = {}) {
    this.#output = output;
    this.#forceZip64 = options.forceZip64 ?? false;
  }

  beginEntry(path: string, mtime: Date): void {
    if (this.#open) throw new Error('The previous zip entry is still open');
    const name = Buffer.from(path, 'utf8');
    const entry: Entry = {
      name,
      ...dosDateTime(mtime),
      offset: this.#offset,
      crc32: 0,
      compressedSize: 0,
      uncompressedSize: 0,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    // Version 2.0, what every unzip tool reads, unless Zip64 is already certain (readers take sizes
    // beyond 4 GB from the central directory, which says 4.5 for such an entry).
    const zip64 = this.#forceZip64 || entry.offset >= LIMIT_32;
    writeEntryFields(header, 4, zip64, entry);
    // Checksum and sizes (14–25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(name.length, 26);
    this.#write(header);
    this.#write(name);
    this.#open = entry;
  }

  /** Deflated bytes of the open entry. */
  data(chunk: Buffer): void {
    if (!this.#open) throw new Error('No zip entry is open');
    this.#open.compressedSize += chunk.length;
    this.#write(chunk);
  }

  endEntry(crc32: number, uncompressedSize: number): void {
    const entry = this.#open;
    if (!entry) throw new Error('No zip entry is open');
    entry.crc32 = crc32;
    entry.uncompressedSize = uncompressedSize;
    const zip64 = this.#needsZip64(entry);
    const descriptor = Buffer.alloc(zip64 ? 24 : 16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc32, 4);
    if (zip64) {
      descriptor.writeBigUInt64LE(BigInt(entry.compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(uncompressedSize), 16);
    } else {
      descriptor.writeUInt32LE(entry.compressedSize, 8);
      descriptor.writeUInt32LE(uncompressedSize, 12);
    }
    this.#write(descriptor);
    this.#entries.push(entry);
    this.#open = null;
  }

  /** The central directory and its end records. Answers the zip's total size. */
  finish(): number {
    if (this.#open) throw new Error('A zip entry is still open');
    const directoryOffset = this.#offset;
    for (const entry of this.#entries) this.#write(this.#directoryRecord(entry));
    const directorySize = this.#offset - directoryOffset;
    const count = this.#entries.length;
    const zip64 =
      this.#forceZip64 || count >= LIMIT_16 || directoryOffset >= LIMIT_32 || directorySize >= LIMIT_32;
    if (zip64) {
      const zip64EndOffset = this.#offset;
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(0x06064b50, 0);
      end64.writeBigUInt64LE(44n, 4); // size of the rest of this record
      end64.writeUInt16LE(MADE_BY, 12);
      end64.writeUInt16LE(VERSION_ZIP64, 14);
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(directorySize), 40);
      end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(zip64EndOffset), 8);
      locator.writeUInt32LE(1, 16); // total number of disks
      this.#write(end64);
      this.#write(locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(zip64 ? LIMIT_16 : count, 8);
    end.writeUInt16LE(zip64 ? LIMIT_16 : count, 10);
    end.writeUInt32LE(zip64 ? LIMIT_32 : directorySize, 12);
    end.writeUInt32LE(zip64 ? LIMIT_32 : directoryOffset, 16);
    this.#write(end);
    return this.#offset;
  }

  #needsZip64(entry: Entry): boolean {
    return (
      this.#forceZip64 ||
      entry.compressedSize >= LIMIT_32 ||
      entry.uncompressedSize >= LIMIT_32 ||
      entry.offset >= LIMIT_32
    );
  }

  #directoryRecord(entry: Entry): Buffer {
    const zip64 = this.#needsZip64(entry);
    const extraLength = zip64 ? 28 : 0;
    const record = Buffer.alloc(46 + entry.name.length + extraLength);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(MADE_BY, 4);
    writeEntryFields(record, 6, zip64, entry);
    record.writeUInt32LE(entry.crc32, 16);
    record.writeUInt32LE(zip64 ? LIMIT_32 : entry.compressedSize, 20);
    record.writeUInt32LE(zip64 ? LIMIT_32 : entry.uncompressedSize, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt16LE(extraLength, 30);
    // Comment length, disk number and internal attributes (32–37) stay zero.
    record.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
    record.writeUInt32LE(zip64 ? LIMIT_32 : entry.offset, 42);
    entry.name.copy(record, 46);
    if (zip64) {
      const at = 46 + entry.name.length;
      record.writeUInt16LE(0x0001, at);
      record.writeUInt16LE(24, at + 2);
      record.writeBigUInt64LE(BigInt(entry.uncompressedSize), at + 4);
      record.writeBigUInt64LE(BigInt(entry.compressedSize), at + 12);
      record.writeBigUInt64LE(BigInt(entry.offset), at + 20);
    }
    return record;
  }

  #write(chunk: Buffer): void {
    this.#offset += chunk.length;
    this.#output(chunk);
  }
}
