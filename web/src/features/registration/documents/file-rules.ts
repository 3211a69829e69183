import type { TFunction } from 'i18next';
import type { Schemas } from '../../../lib/api/types.ts';

export type Section = Schemas['AgentFileSection'];

export const SECTIONS: readonly Section[] = [
  'REGISTRATION',
  'CERTIFICATE',
  'SME_CONFIRMATION',
  'REPRESENTATIVE',
];
export const ALLOWED_TYPES: readonly string[] = ['application/pdf', 'image/png'];
export const ACCEPT = '.pdf,.png,application/pdf,image/png';
/** 5 MB per file (docs/product-rules.md, Limits). */
export const MAX_FILE_SIZE = 5 * 1024 * 1024;
/** Registration sections allow 3 files each. */
export const MAX_FILES_PER_SECTION = 3;

/** REGISTRATION and REPRESENTATIVE always, SME_CONFIRMATION only for an SME. */
export function requiredSections(type: string): Section[] {
  return type === 'sme'
    ? ['REGISTRATION', 'SME_CONFIRMATION', 'REPRESENTATIVE']
    : ['REGISTRATION', 'REPRESENTATIVE'];
}

function isAllowedType(file: File): boolean {
  if (file.type) return ALLOWED_TYPES.includes(file.type);
  return /\.(pdf|png)$/i.test(file.name);
}

export type FileCheck = { accepted: File[]; errors: string[] };

/**
 * The client-side checks before anything is uploaded: type, size, then count. Files that would
 * take the section over its limit are all refused, so nothing is uploaded half-way.
 */
export function checkFiles(
  files: readonly File[],
  alreadyInSection: number,
  maxFilesNum: number,
  t: TFunction,
): FileCheck {
  const wrongType = files.filter((file) => !isAllowedType(file));
  const tooLarge = files.filter((file) => isAllowedType(file) && file.size > MAX_FILE_SIZE);
  const valid = files.filter((file) => isAllowedType(file) && file.size <= MAX_FILE_SIZE);
  const errors: string[] = [];
  const names = (list: File[]) => list.map((file) => file.name).join(', ');
  if (wrongType.length > 0) errors.push(t('upload.fileType', { files: names(wrongType) }));
  if (tooLarge.length > 0) errors.push(t('upload.fileSize', { files: names(tooLarge) }));
  if (valid.length > 0 && alreadyInSection + valid.length > maxFilesNum) {
    errors.push(t('upload.maxFiles', { maxFilesNum }));
    return { accepted: [], errors };
  }
  return { accepted: valid, errors };
}
