import { randomBytes } from 'node:crypto';

// Invitation access codes: 80 random bits from the CSPRNG written as 16 Crockford base32
// characters, shown in groups of four so they are easy to read out and type.

export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ACCESS_CODE_LENGTH = 16;
export const ACCESS_CODE_BITS = 80;

const ALIASES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };
const VALID = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** A new code in normalised form (16 characters, no dashes): the form to store and compare. */
export function generateAccessCode(): string {
  const bytes = randomBytes(ACCESS_CODE_BITS / 8);
  let code = '';
  // 10 bytes = two 40-bit halves, each read as eight 5-bit digits.
  for (let half = 0; half < 2; half += 1) {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 256 + (bytes[half * 5 + i] ?? 0);
    for (let shift = 35; shift >= 0; shift -= 5) {
      code += CROCKFORD_ALPHABET[Math.floor(value / 2 ** shift) % 32];
    }
  }
  return code;
}

/** XXXX-XXXX-XXXX-XXXX, the form shown to people and used in links. */
export function formatAccessCode(normalised: string): string {
  return normalised.match(/.{1,4}/g)?.join('-') ?? '';
}

/**
 * What a person typed, in normalised form, or null when it cannot be a code: case, spaces and
 * dashes are ignored, and the letters Crockford reads as digits (O, I, L) are accepted.
 */
export function normaliseAccessCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  let normalised = '';
  for (const char of compact) normalised += ALIASES[char] ?? char;
  return VALID.test(normalised) ? normalised : null;
}
