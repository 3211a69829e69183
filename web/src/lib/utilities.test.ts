import { describe, expect, it } from 'vitest';
import { initialsOf } from '../components/ui/avatar.tsx';
import { catalogueUrl, termsUrl } from './static-documents.ts';

describe('initialsOf', () => {
  it('takes up to 2 initials, upper-cased', () => {
    expect(initialsOf('Fleet Analytics Ltd')).toBe('FA');
    expect(initialsOf('acme')).toBe('A');
    expect(initialsOf('  élan   vital ')).toBe('ÉV');
    expect(initialsOf(null)).toBe('');
  });
});

describe('static document URLs', () => {
  it('builds catalogue and terms paths', () => {
    expect(catalogueUrl('Vehicle Data')).toBe('/catalogue/Vehicle%20Data.pdf');
    expect(termsUrl('v2.1', 'agent')).toBe('/tnc/v2.1_agent_en.pdf');
  });
});
