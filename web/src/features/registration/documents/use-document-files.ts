import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api/api-error.ts';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { deleteAgentFile, uploadAgentFiles } from '../api/agent-files.ts';
import { checkFiles, MAX_FILES_PER_SECTION, SECTIONS, type Section } from './file-rules.ts';

/** Notifications about loading the stored documents stay 6000 ms (docs/product-rules.md, Limits). */
export const FILES_NOTICE_MS = 6000;

export type DocFile = {
  key: string;
  name: string;
  /** Set once the server stored the file; only such files are deleted on the server. */
  id?: string;
  status: 'uploading' | 'uploaded' | 'deleting' | 'error';
  error?: string;
};

export type BySection<T> = Record<Section, T>;

function bySection<T>(make: () => T): BySection<T> {
  return Object.fromEntries(SECTIONS.map((section) => [section, make()])) as BySection<T>;
}

let keyCounter = 0;
const nextKey = () => {
  keyCounter += 1;
  return `doc-${keyCounter}`;
};

function uploadFailure(error: unknown, name: string, t: TFunction): string {
  switch (errorCodeOf(error)) {
    case 'FILE_TYPE_NOT_ALLOWED':
      return t('upload.fileType', { files: name });
    case 'FILE_TOO_LARGE':
      return t('upload.fileSize', { files: name });
    case 'TOO_MANY_FILES':
      return t('upload.maxFiles', { maxFilesNum: MAX_FILES_PER_SECTION });
    default:
      return t('upload.failed');
  }
}

/** The four document sections: stored files from the server, uploads of new files, deletions. */
export function useDocumentFiles() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [files, setFiles] = useState<BySection<DocFile[]>>(() => bySection(() => []));
  const [errors, setErrors] = useState<BySection<string[]>>(() => bySection(() => []));
  // The latest lists, so quick successive actions count files correctly.
  const current = useRef(files);
  const loaded = useRef(false);
  const stored = $api.useQuery(
    'get',
    '/api/v1/agents/files',
    {},
    {
      refetchOnWindowFocus: false,
      meta: { errorMessage: 'registration.errors.files', errorDuration: FILES_NOTICE_MS },
    },
  );

  const update = useCallback((section: Section, change: (list: DocFile[]) => DocFile[]) => {
    current.current = { ...current.current, [section]: change(current.current[section]) };
    setFiles(current.current);
  }, []);

  useEffect(() => {
    if (!stored.data || loaded.current) return;
    loaded.current = true;
    for (const file of stored.data) {
      update(file.section, (list) => [
        ...list,
        { key: nextKey(), name: file.filename, id: file.id, status: 'uploaded' },
      ]);
    }
    if (stored.data.length > 0) notify.success(t('registration.success.files'), FILES_NOTICE_MS);
  }, [stored.data, notify, t, update]);

  const add = useCallback(
    async (section: Section, picked: readonly File[]) => {
      const inSection = current.current[section].filter((file) => file.status !== 'error').length;
      const check = checkFiles(picked, inSection, MAX_FILES_PER_SECTION, t);
      setErrors((previous) => ({ ...previous, [section]: check.errors }));
      if (check.accepted.length === 0) return;
      // Only the newly added files are sent; stored ones keep their ids.
      const entries: DocFile[] = check.accepted.map((file) => ({
        key: nextKey(),
        name: file.name,
        status: 'uploading',
      }));
      const keys = entries.map((entry) => entry.key);
      update(section, (list) => [...list, ...entries]);
      try {
        const answer = await uploadAgentFiles(section, check.accepted);
        update(section, (list) =>
          list.map((file) => {
            const index = keys.indexOf(file.key);
            if (index < 0) return file;
            const saved = answer[index];
            return saved
              ? { ...file, id: saved.id, status: 'uploaded' }
              : { ...file, status: 'error', error: t('upload.failed') };
          }),
        );
        notify.success(t('registration.success.upload'));
      } catch (error) {
        update(section, (list) =>
          list.map((file) =>
            keys.includes(file.key)
              ? { ...file, status: 'error', error: uploadFailure(error, file.name, t) }
              : file,
          ),
        );
        notify.apiError(t('upload.someFailed'), error);
      }
    },
    [notify, t, update],
  );

  const remove = useCallback(
    async (section: Section, key: string) => {
      const file = current.current[section].find((entry) => entry.key === key);
      if (!file) return;
      const drop = () => update(section, (list) => list.filter((entry) => entry.key !== key));
      if (!file.id) return drop();
      update(section, (list) =>
        list.map((entry) => (entry.key === key ? { ...entry, status: 'deleting' } : entry)),
      );
      try {
        await deleteAgentFile(file.id);
        drop();
        notify.success(t('registration.success.delete'));
      } catch (error) {
        const message = t('registration.errors.delete', { file: file.name });
        update(section, (list) =>
          list.map((entry) => (entry.key === key ? { ...entry, status: 'error', error: message } : entry)),
        );
        notify.apiError(message, error);
      }
    },
    [notify, t, update],
  );

  const reset = useCallback(() => {
    current.current = bySection(() => []);
    setFiles(current.current);
    setErrors(bySection(() => []));
  }, []);

  const all = useMemo(() => SECTIONS.flatMap((section) => files[section]), [files]);
  const fileIds = all.flatMap((file) => (file.id && file.status !== 'deleting' ? [file.id] : []));
  const busy = all.some((file) => file.status === 'uploading' || file.status === 'deleting');
  const hasUploaded = (section: Section) => files[section].some((file) => file.status === 'uploaded');
  return { files, errors, add, remove, reset, fileIds, busy, hasUploaded, loading: stored.isPending };
}

export type DocumentFiles = ReturnType<typeof useDocumentFiles>;
