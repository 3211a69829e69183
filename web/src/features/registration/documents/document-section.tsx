import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { CloseIcon, DocumentIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LabelText } from '../components/field-label.tsx';
import { ACCEPT, MAX_FILES_PER_SECTION } from './file-rules.ts';
import type { DocFile } from './use-document-files.ts';

export type DocumentSectionProps = {
  label: string;
  required: boolean;
  files: readonly DocFile[];
  errors: readonly string[];
  /** A required section without a stored file, flagged after a submit attempt. */
  missing: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
};

function FileRow({ file, onRemove }: { file: DocFile; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`doc-file doc-file--${file.status}`}>
      <DocumentIcon className="doc-file__icon" />
      <span className="doc-file__name">{file.name}</span>
      <span className="doc-file__status">
        {(file.status === 'uploading' || file.status === 'deleting') && <Spinner size="sm" decorative />}
        {file.status === 'error' ? file.error : t(`upload.status.${file.status}`)}
      </span>
      <IconButton
        label={t('upload.remove', { file: file.name })}
        icon={<CloseIcon size={16} />}
        onClick={onRemove}
        disabled={file.status === 'uploading' || file.status === 'deleting'}
      />
    </li>
  );
}

/** One document section: a drop zone with a file button (the keyboard way in) and the files. */
export function DocumentSection({
  label,
  required,
  files,
  errors,
  missing,
  onAdd,
  onRemove,
}: DocumentSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const onDrag = (event: DragEvent<HTMLFieldSetElement>, over: boolean) => {
    event.preventDefault();
    setDragging(over);
  };
  const describedBy = [hintId, errors.length > 0 || missing ? errorId : null].filter(Boolean).join(' ');
  return (
    // The whole section takes dropped files; the file button is the keyboard way in.
    <fieldset
      className="doc-section"
      aria-describedby={describedBy}
      onDragEnter={(event) => onDrag(event, true)}
      onDragOver={(event) => onDrag(event, true)}
      onDragLeave={(event) => onDrag(event, false)}
      onDrop={(event) => {
        onDrag(event, false);
        onAdd(Array.from(event.dataTransfer.files));
      }}
    >
      <legend className="doc-section__legend">
        <LabelText text={label} optional={!required} />
      </legend>
      <p id={hintId} className="doc-section__hint">
        {t('upload.allowed')} · {t('upload.maxFilesHint', { maxFilesNum: MAX_FILES_PER_SECTION })}
      </p>
      <div className={dragging ? 'dropzone dropzone--active' : 'dropzone'} data-testid="dropzone">
        <span>{t('upload.dropzone')}</span>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          {t('upload.browse')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label={t('upload.inputLabel', { section: label })}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      <div id={errorId} role="alert" className="doc-section__errors">
        {missing && <p className="form-field__error">{t('validation.required')}</p>}
        {errors.map((message) => (
          <p key={message} className="form-field__error">
            {message}
          </p>
        ))}
      </div>
      {files.length > 0 && (
        <ul className="doc-section__files" aria-label={t('upload.filesOf', { section: label })}>
          {files.map((file) => (
            <FileRow key={file.key} file={file} onRemove={() => onRemove(file.key)} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
