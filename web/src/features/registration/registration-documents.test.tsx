import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { pdf, sectionGroup, uploadRecorder, uploadTo } from './registration-test-kit.ts';

const stored = [
  { id: 'fil_reg_1', section: 'REGISTRATION', filename: 'registry-extract.pdf' },
  { id: 'fil_reg_2', section: 'REGISTRATION', filename: 'registry-extract-2.pdf' },
] as const;

async function openForm() {
  const app = renderApp('/agent-registration', { user: newAgent });
  await screen.findByRole('heading', { name: 'Complete your account' });
  return app;
}

function drop(section: string, ...files: File[]) {
  fireEvent.drop(within(sectionGroup(section)).getByTestId('dropzone'), { dataTransfer: { files } });
}

describe('registration documents', () => {
  it('notes that non-English documents need an English translation; each section says max 3 files', async () => {
    await openForm();
    expect(
      screen.getByText('Non-English documents must come with an English translation.'),
    ).toBeInTheDocument();
    expect(within(sectionGroup('Registry extract')).getByText(/max 3 files/)).toBeInTheDocument();
    expect(
      within(sectionGroup('Registry extract')).getByRole('button', { name: 'browse' }),
    ).toBeInTheDocument();
  });

  it('refuses other types than PDF and PNG: File type is not allowed', async () => {
    const uploads = uploadRecorder();
    server.use(uploads.handler);
    await openForm();
    drop('Registry extract', new File(['x'], 'notes.txt', { type: 'text/plain' }), new File(['x'], 'a.docx'));
    expect(await screen.findByText('File type is not allowed: notes.txt, a.docx')).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
  });

  it('refuses files over 5 MB: File size too large', async () => {
    const uploads = uploadRecorder();
    server.use(uploads.handler);
    const { user } = await openForm();
    await uploadTo(
      user,
      'Registry extract',
      pdf('big.pdf', 5 * 1024 * 1024 + 1),
      pdf('ok.pdf', 5 * 1024 * 1024),
    );
    expect(await screen.findByText('File size too large: big.pdf')).toBeInTheDocument();
    await waitFor(() => expect(uploads.calls).toEqual([{ section: 'REGISTRATION', parts: 1 }]));
  });

  it('allows at most 3 files per section: You can only upload a maximum of 3 file(s).', async () => {
    const uploads = uploadRecorder();
    server.use(
      uploads.handler,
      http.get('/api/v1/agents/files', ({ response }) => response(200).json([...stored])),
    );
    await openForm();
    await within(sectionGroup('Registry extract')).findByText('registry-extract-2.pdf');
    drop('Registry extract', pdf('three.pdf'), pdf('four.pdf'));
    expect(await screen.findByText('You can only upload a maximum of 3 file(s).')).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
  });

  it('uploads only the newly added files, to their section (drag and drop or the file button)', async () => {
    const uploads = uploadRecorder();
    server.use(
      uploads.handler,
      http.get('/api/v1/agents/files', ({ response }) => response(200).json([stored[0]])),
    );
    const { user } = await openForm();
    await within(sectionGroup('Registry extract')).findByText('registry-extract.pdf');
    drop('Registry extract', pdf('second.pdf'));
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    await uploadTo(user, 'Registry extract', pdf('third.pdf'));
    await uploadTo(user, 'Domain certificate', pdf('cert.pdf'));
    await waitFor(() =>
      expect(uploads.calls).toEqual([
        { section: 'REGISTRATION', parts: 1 },
        { section: 'REGISTRATION', parts: 1 },
        { section: 'CERTIFICATE', parts: 1 },
      ]),
    );
    expect(await screen.findAllByText('Uploaded')).toHaveLength(4);
    expect(screen.getAllByText('Files uploaded').length).toBeGreaterThan(0);
  });

  it("marks files whose upload failed with a message and says Some files couldn't be uploaded", async () => {
    server.use(
      http.post('/api/v1/agents/files/upload/section/{section}', ({ response }) =>
        response(415).json(errorBody('FILE_TYPE_NOT_ALLOWED')),
      ),
    );
    const { user } = await openForm();
    await uploadTo(user, 'Registry extract', pdf('fake.pdf'));
    const row = (await within(sectionGroup('Registry extract')).findByText('fake.pdf')).closest(
      'li',
    ) as HTMLElement;
    expect(await within(row).findByText('File type is not allowed: fake.pdf')).toBeInTheDocument();
    expect(screen.getByText("Some files couldn't be uploaded")).toBeInTheDocument();
  });

  it('deletes on the server only files that have an id; a failed delete marks the file', async () => {
    const deleted: string[] = [];
    let failDelete = true;
    server.use(
      http.get('/api/v1/agents/files', ({ response }) => response(200).json([stored[0]])),
      http.post('/api/v1/agents/files/upload/section/{section}', ({ response }) =>
        response(500).json(errorBody('INTERNAL_ERROR')),
      ),
      http.delete('/api/v1/agents/file/{id}', ({ params, response }) => {
        deleted.push(params.id);
        if (failDelete) return response(500).json(errorBody('INTERNAL_ERROR'));
        return response(204).empty();
      }),
    );
    const { user } = await openForm();
    const section = sectionGroup('Registry extract');
    await within(section).findByText('registry-extract.pdf');
    await uploadTo(user, 'Registry extract', pdf('broken.pdf'));
    expect(await within(section).findByText('Upload failed')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Remove broken.pdf' }));
    expect(within(section).queryByText('broken.pdf')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Remove registry-extract.pdf' }));
    expect(
      await within(section).findByText("Couldn't delete the file registry-extract.pdf", { selector: 'span' }),
    ).toBeInTheDocument();
    expect(deleted).toEqual(['fil_reg_1']);

    failDelete = false;
    await user.click(within(section).getByRole('button', { name: 'Remove registry-extract.pdf' }));
    await waitFor(() => expect(within(section).queryByText('registry-extract.pdf')).not.toBeInTheDocument());
    expect(deleted).toEqual(['fil_reg_1', 'fil_reg_1']);
    expect(screen.getByText('File deleted')).toBeInTheDocument();
  });

  it('shows the stored documents with a 6000 ms notification', async () => {
    server.use(http.get('/api/v1/agents/files', ({ response }) => response(200).json([...stored])));
    const { notificationStore } = await openForm();
    expect(
      await within(sectionGroup('Registry extract')).findByText('registry-extract.pdf'),
    ).toBeInTheDocument();
    const notice = notificationStore
      .getSnapshot()
      .find((item) => item.message === 'Your registration documents were loaded');
    expect(notice).toMatchObject({ type: 'success', duration: 6000 });
  });

  it("says Couldn't find any registration documents information. for 6000 ms when the files fetch fails", async () => {
    server.use(
      http.get('/api/v1/agents/files', ({ response }) => response(500).json(errorBody('INTERNAL_ERROR'))),
    );
    const { notificationStore } = await openForm();
    expect(
      await screen.findByText("Couldn't find any registration documents information."),
    ).toBeInTheDocument();
    const notice = notificationStore
      .getSnapshot()
      .find((item) => item.message === "Couldn't find any registration documents information.");
    expect(notice).toMatchObject({ type: 'error', duration: 6000 });
  });
});
