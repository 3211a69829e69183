import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../lib/api/types.ts';
import { newAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { http, server } from '../../test/server.ts';
import {
  fillText,
  fillValidForm,
  pdf,
  sectionGroup,
  uploadRecorder,
  uploadTo,
} from './registration-test-kit.ts';

async function openForm() {
  const app = renderApp('/agent-registration', { user: newAgent });
  await screen.findByRole('heading', { name: 'Complete your account' });
  return app;
}

function recordSubmissions() {
  const bodies: Schemas['AgentRegistration'][] = [];
  server.use(
    http.post('/api/v1/agents', async ({ request, response }) => {
      bodies.push(await request.json());
      return response(201).json({ status: 'pending' });
    }),
  );
  return bodies;
}

/** The form filled in validly as `type`, uploads answered and submissions recorded. */
async function openFilledForm(type?: string) {
  const bodies = recordSubmissions();
  server.use(uploadRecorder().handler);
  const { user } = await openForm();
  await fillValidForm(user, type);
  return { user, bodies };
}

describe('registration form validation', () => {
  it('shows This field is required when a required field is left empty, linked to the field', async () => {
    const { user } = await openForm();
    const legalName = screen.getByLabelText('Company legal name');
    await user.click(legalName);
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await user.tab();
    const message = await screen.findByText('This field is required');
    expect(legalName).toHaveAttribute('aria-invalid', 'true');
    expect(legalName).toHaveAccessibleDescription('This field is required');
    expect(legalName.getAttribute('aria-describedby')).toBe(message.id);
    await user.type(legalName, 'Acme');
    await waitFor(() => expect(legalName).not.toHaveAttribute('aria-invalid'));
    expect(document.getElementById(message.id)).toBeNull();
  });

  it.each([
    ['Company legal name', 150],
    ['Commercial name', 100],
    ['VAT number', 15],
    ['Website (optional)', 200],
    ['First name', 100],
    ['Surname', 150],
  ])('limits %s to %i characters', async (label, max) => {
    const { user } = await openForm();
    const filler = label === 'VAT number' ? '1' : 'a';
    await fillText(user, label, filler.repeat(max + 1));
    expect(await screen.findByText(`Use at most ${max} characters`)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    await fillText(user, label, filler.repeat(max));
    await waitFor(() => expect(screen.queryByText(`Use at most ${max} characters`)).not.toBeInTheDocument());
  });

  it('accepts digits only for the VAT number: only numbers', async () => {
    const { user } = await openForm();
    await fillText(user, 'VAT number', '12AB34');
    expect(await screen.findByText('only numbers')).toBeInTheDocument();
    await fillText(user, 'VAT number', '1234');
    await waitFor(() => expect(screen.queryByText('only numbers')).not.toBeInTheDocument());
  });

  it('says You can only type numbers as soon as a non-digit is typed in the VAT number', async () => {
    const { user } = await openForm();
    const vat = screen.getByLabelText('VAT number');
    await user.type(vat, '12');
    expect(screen.queryByText('You can only type numbers')).not.toBeInTheDocument();
    await user.type(vat, 'A');
    // Still focused (not blurred): the message shows while typing, linked to the field.
    expect(vat).toHaveFocus();
    expect(await screen.findByText('You can only type numbers')).toBeInTheDocument();
    expect(vat).toHaveAccessibleDescription('You can only type numbers');
    await user.type(vat, '{Backspace}');
    await waitFor(() => expect(screen.queryByText('You can only type numbers')).not.toBeInTheDocument());
  });

  it('labels only the optional fields (optional)', async () => {
    await openForm();
    expect(screen.getByLabelText('Website (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Title (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Company legal name')).toHaveAttribute('aria-required', 'true');
    expect(sectionGroup('Domain certificate (optional)')).toBeInTheDocument();
    expect(sectionGroup('Registry extract')).toBeInTheDocument();
    expect(sectionGroup('Evidence of authorised representative')).toBeInTheDocument();
  });

  it('offers the company types, Yes/No choices and English country names with ISO codes', async () => {
    await openForm();
    const types = within(sectionGroup('Company type')).getAllByRole('radio');
    expect(types.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Small & Medium Enterprize',
      'Non-profit organization',
      'Large',
    ]);
    expect(screen.getByRole('option', { name: 'Greece' })).toHaveValue('GR');
    expect(screen.getByRole('option', { name: 'Germany' })).toHaveValue('DE');
    expect(screen.getByRole('option', { name: 'Mr.' })).toHaveValue('mr');
  });

  it('sanitises input to plain text (tags are removed) before it is checked and sent', async () => {
    const { user, bodies } = await openFilledForm();
    await fillText(
      user,
      'Company legal name',
      '<b>Acme</b> <script>x</script>Mobility<img src=x onerror=alert(1)>',
    );
    expect(screen.getByLabelText('Company legal name')).toHaveValue('Acme xMobility');
    await fillText(user, 'First name', '<i>Eleni</i>');
    await uploadTo(user, 'Registry extract', pdf('extract.pdf'));
    await uploadTo(user, 'Evidence of authorised representative', pdf('poa.pdf'));
    await screen.findAllByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.legalName).toBe('Acme xMobility');
    expect(bodies[0]?.representative.firstname).toBe('Eleni');
  });

  it('flags every error on submit and sends nothing', async () => {
    const bodies = recordSubmissions();
    const { user } = await openForm();
    await fillText(user, 'VAT number', 'ABC');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    // legal name, commercial name, country, type, sanction, gatekeeper, first name, surname + 2 document sections
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(10));
    expect(screen.getByText('only numbers')).toBeInTheDocument();
    expect(within(sectionGroup('Registry extract')).getByText('This field is required')).toBeInTheDocument();
    expect(within(sectionGroup(/^SME size confirmation/)).queryByText('This field is required')).toBeNull();
    expect(within(sectionGroup('Company type')).getAllByRole('radio')[0]).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(bodies).toHaveLength(0);
  });

  it('sends the registration when nothing is flagged', async () => {
    const { user, bodies } = await openFilledForm();
    await user.selectOptions(screen.getByLabelText('Title (optional)'), 'ms');
    await uploadTo(user, 'Registry extract', pdf('extract.pdf'));
    await uploadTo(user, 'Evidence of authorised representative', pdf('poa.pdf'), pdf('id.pdf'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      legalName: 'Acme Mobility S.A.',
      displayName: 'Acme',
      vatNumber: '123456789',
      country: 'GR',
      type: 'large',
      sanction: false,
      gatekeeper: true,
      representative: { title: 'ms', firstname: 'Eleni', surname: 'Nikolaou' },
      fileIds: ['fil_0_0', 'fil_1_0', 'fil_1_1'],
    });
  });

  it('requires the SME size confirmation only for a small & medium enterprise', async () => {
    const { user, bodies } = await openFilledForm('Small & Medium Enterprize');
    expect(sectionGroup('SME size confirmation')).toBeInTheDocument();
    await uploadTo(user, 'Registry extract', pdf('extract.pdf'));
    await uploadTo(user, 'Evidence of authorised representative', pdf('poa.pdf'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(
      await within(sectionGroup('SME size confirmation')).findByText('This field is required'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Non-profit organization' }));
    expect(sectionGroup('SME size confirmation (optional)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.type).toBe('non_profit');
  });
});
