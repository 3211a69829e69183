import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { loadDraft } from './form/draft-storage.ts';
import { fillText } from './registration-test-kit.ts';

const KEY = `portal.registrationDraft.${newAgent.id}`;

describe('registration draft', () => {
  it('keeps what was typed in this browser and restores it on the next visit', async () => {
    const first = renderApp('/agent-registration', { user: newAgent });
    await screen.findByRole('heading', { name: 'Complete your account' });
    await fillText(first.user, 'Company legal name', 'Acme Mobility S.A.');
    await first.user.click(screen.getByRole('radio', { name: 'Small & Medium Enterprize' }));
    await first.user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await waitFor(() => expect(loadDraft(newAgent.id).country).toBe('DE'));
    first.unmount();

    renderApp('/agent-registration', { user: newAgent });
    await screen.findByRole('heading', { name: 'Complete your account' });
    expect(screen.getByLabelText('Company legal name')).toHaveValue('Acme Mobility S.A.');
    expect(screen.getByRole('radio', { name: 'Small & Medium Enterprize' })).toBeChecked();
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
  });

  it('ignores a damaged draft and stored values outside the allowed choices', () => {
    window.localStorage.setItem(KEY, '{not json');
    expect(loadDraft(newAgent.id).legalName).toBe('');
    window.localStorage.setItem(KEY, JSON.stringify({ legalName: 'Acme', type: 'huge', sanction: 'maybe' }));
    expect(loadDraft(newAgent.id)).toMatchObject({ legalName: 'Acme', type: '', sanction: '' });
  });
});
