import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Schemas } from '../../lib/api/types.ts';
import { http } from '../../test/server.ts';

type Section = Schemas['AgentFileSection'];

/** A PDF file of `size` bytes (really that many: the upload sends them). */
export function pdf(name: string, size?: number): File {
  const header = '%PDF-1.4 test';
  const padding = size === undefined ? [] : [new Uint8Array(Math.max(0, size - header.length))];
  return new File([header, ...padding], name, { type: 'application/pdf' });
}

/** Records every upload (section and number of `file` parts) and answers with new ids. */
export function uploadRecorder() {
  const calls: { section: Section; parts: number }[] = [];
  const handler = http.post(
    '/api/v1/agents/files/upload/section/{section}',
    async ({ params, request, response }) => {
      // Counted from the raw body: Node 24's `formData()` refuses the File class jsdom puts on globalThis.
      const body = await new Response(request.body).text();
      const parts = body.match(/; name="file"/g) ?? [];
      const first = calls.length;
      calls.push({ section: params.section, parts: parts.length });
      return response(201).json(
        parts.map((_, index) => ({ id: `fil_${first}_${index}`, filename: `stored-${index}.pdf` })),
      );
    },
  );
  return { calls, handler };
}

export function sectionGroup(name: RegExp | string) {
  return screen.getByRole('group', { name });
}

export async function uploadTo(user: UserEvent, section: string, ...files: File[]) {
  await user.upload(screen.getByLabelText(`Files for ${section}`), files);
}

export async function fillText(user: UserEvent, label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
  await user.tab();
}

/** Fills every field validly (a large company, so no SME document is needed). */
export async function fillValidForm(user: UserEvent, type = 'Large') {
  await fillText(user, 'Company legal name', 'Acme Mobility S.A.');
  await fillText(user, 'Commercial name', 'Acme');
  await fillText(user, 'VAT number', '123456789');
  await user.selectOptions(screen.getByLabelText('Country'), 'GR');
  await user.click(screen.getByRole('radio', { name: type }));
  await user.click(
    within(sectionGroup('Is the company on a sanctions list?')).getByRole('radio', { name: 'No' }),
  );
  await user.click(
    within(sectionGroup('Is the company a designated gatekeeper?')).getByRole('radio', { name: 'Yes' }),
  );
  await fillText(user, 'First name', 'Eleni');
  await fillText(user, 'Surname', 'Nikolaou');
}
