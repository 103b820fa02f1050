/**
 * The CV field of the talent profile and the apply dialog (issue #13): choose a PDF (at most 5 MB),
 * watch it upload (a progress bar with the percentage), cancel it, replace or remove it. The stored
 * CV shows its name and size with a "View" link (GET /api/applicant/cv); a fresh upload shows its
 * name. The server judges the file by its bytes (%PDF-); its refusals (413, 415) show under the field.
 */
import { isApiError, TRANSPORT_ERROR_CODES, type UploadProgress } from '@nordlys/sdk/api';
import { CV_UPLOAD_LIMITS } from '@nordlys/sdk/constants';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { domId } from '../lib/domId';
import { useApi } from '../modals/useApi';
import { RequiredMark } from './form/Field';
import { UploadProgressBar, type UploadState } from './ImageField';

/** Where the signed-in candidate's stored CV is read (opens the PDF). */
export const STORED_CV_URL = '/api/applicant/cv';

/** What the file input offers. */
export const CV_ACCEPT = `${CV_UPLOAD_LIMITS.types.join(',')},.pdf`;

const MEGABYTE = 1024 * 1024;

/** A CV as the field shows it: a stored one (the talent profile's) or one just uploaded. */
export interface CvValue {
  /** 'cv/…', as POST /upload/cv answered it. */
  path: string;
  fileName: string;
  sizeBytes: number;
}

/** "1.2 MB", "240 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= MEGABYTE) return `${(bytes / MEGABYTE).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The message for a file refused before sending, or null when it may go (the server checks the bytes). */
export function checkCvFile(file: File): string | null {
  if (file.size === 0) return `"${file.name}" is empty.`;
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return `"${file.name}" is not a PDF. Please upload your CV as a PDF.`;
  if (file.size > CV_UPLOAD_LIMITS.maxBytes) {
    return `"${file.name}" is ${fileSize(file.size)}. A CV can be at most ${CV_UPLOAD_LIMITS.maxBytes / MEGABYTE} MB.`;
  }
  return null;
}

/** One CV upload at a time with progress and cancel; `start` resolves with the CV, or null (failed: `error` says why; or cancelled). */
export function useCvUpload() {
  const api = useApi();
  const [uploading, setUploading] = useState<UploadState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const controller = useRef<AbortController | null>(null);

  // Leaving the page (or closing the dialog) cancels what is still going.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(file: File): Promise<CvValue | null> {
    setError(null);
    const refused = checkCvFile(file);
    if (refused) {
      setError(refused);
      setStatus('');
      return null;
    }
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setUploading({ fileName: file.name, percent: 0 });
    setStatus(`Uploading ${file.name}…`);
    try {
      const answer = await api.upload.upload('cv', file, {
        signal: own.signal,
        onProgress: (progress: UploadProgress) => {
          if (!own.signal.aborted) setUploading({ fileName: file.name, percent: progress.percent });
        },
      });
      setStatus(`${file.name} uploaded.`);
      return { path: answer.path, fileName: answer.name ?? file.name, sizeBytes: answer.size ?? file.size };
    } catch (caught) {
      if (own.signal.aborted || (isApiError(caught) && caught.code === TRANSPORT_ERROR_CODES.aborted)) {
        setStatus('Upload cancelled.');
        return null;
      }
      setStatus('');
      setError(caught instanceof Error && caught.message ? caught.message : 'The upload failed. Please try again.');
      return null;
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setUploading(null);
      }
    }
  }

  return { uploading, error, status, start, cancel: () => controller.current?.abort() };
}

export interface CvFieldProps {
  id: string;
  label: string;
  value: CvValue | null;
  onChange(cv: CvValue | null): void;
  /** The value is the stored CV: offer "View" (STORED_CV_URL). */
  stored?: boolean;
  required?: boolean;
  /** Offer "Remove" (the talent profile; the dialog swaps instead). */
  removable?: boolean;
  hint?: ReactNode;
  /** A message from saving the form (a 400 field message), shown under the field. */
  error?: string | undefined | null;
  /** Told while an upload runs, so the form can wait for it. */
  onBusyChange?(busy: boolean): void;
}

export function CvField({ id, label, value, onChange, stored = false, required, removable = true, hint, error, onBusyChange }: CvFieldProps) {
  const { uploading, error: uploadError, status, start, cancel } = useCvUpload();
  const input = useRef<HTMLInputElement>(null);
  const shown = uploadError ?? error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const currentId = domId(id, 'current');
  const busy = uploading !== null;

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // The same file can be chosen again after a failure.
    event.currentTarget.value = '';
    if (!file) return;
    const cv = await start(file);
    if (cv) onChange(cv);
  }

  return (
    <div className="field form-field cv-field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
        <RequiredMark required={required && !value} />
      </label>
      <p id={hintId} className="form-hint">
        {hint ?? `A PDF of at most ${CV_UPLOAD_LIMITS.maxBytes / MEGABYTE} MB.`}
        {value ? ' Choose another file to replace it.' : ''}
      </p>
      {value ? (
        <p className="cv-field__current" id={currentId}>
          <span className="cv-field__name">{value.fileName}</span> <span className="muted">({fileSize(value.sizeBytes)})</span>
          {stored ? (
            <>
              {' '}
              <a href={STORED_CV_URL} target="_blank" rel="noopener">
                View<span className="visually-hidden"> {value.fileName} (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="image-field__controls">
        <input
          ref={input}
          id={id}
          type="file"
          accept={CV_ACCEPT}
          className="image-field__input"
          aria-required={(required && !value) || undefined}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[shown ? errorId : null, hintId, value ? currentId : null].filter(Boolean).join(' ')}
          onChange={onFile}
        />
        {busy ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              cancel();
              input.current?.focus();
            }}
          >
            Cancel upload
          </button>
        ) : null}
        {value && removable && !busy ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onChange(null);
              input.current?.focus();
            }}
          >
            Remove CV
          </button>
        ) : null}
      </div>
      {uploading ? <UploadProgressBar state={uploading} label={`Uploading ${uploading.fileName}`} /> : null}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {shown ? (
        <p id={errorId} className="form-field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
