/**
 * An image field of the profile forms (issue #11): choose a file, watch it upload (a progress bar
 * with the percentage), cancel it, see the preview, remove it. The server re-encodes the image in
 * the six sizes of spec 3 and answers its path; refusals (413 too large, 415 not an image) show
 * the server's message under the field.
 */
import { isApiError, TRANSPORT_ERROR_CODES, type UploadProgress } from '@nordlys/sdk/api';
import { IMAGE_UPLOAD_LIMITS, type ImageSize } from '@nordlys/sdk/constants';
import type { Image, ImageUploadType, UploadOwner } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useApi } from '../modals/useApi';
import { RequiredMark } from './form/Field';

/** What the file input offers: the formats the server takes (the server still checks the content). */
export const IMAGE_ACCEPT = IMAGE_UPLOAD_LIMITS.types.join(',');

const MEGABYTE = 1024 * 1024;

/** The message for a file refused before sending, or null when it may go (the server decides the rest). */
export function checkImageFile(file: File): string | null {
  if (file.size > IMAGE_UPLOAD_LIMITS.maxBytes) {
    return `"${file.name}" is ${(file.size / MEGABYTE).toFixed(1)} MB. Images can be at most ${IMAGE_UPLOAD_LIMITS.maxBytes / MEGABYTE} MB.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}

export interface UploadState {
  fileName: string;
  percent: number;
}

/**
 * One upload at a time with progress and cancel, through the sdk (`api.upload.upload`). `start`
 * resolves with the image, or null when it failed (then `error` says why) or was cancelled.
 */
export function useImageUpload(type: ImageUploadType, owner: UploadOwner | undefined) {
  const api = useApi();
  const [uploading, setUploading] = useState<UploadState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels what is still going.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(file: File, label = file.name): Promise<Image | null> {
    setError(null);
    const refused = checkImageFile(file);
    if (refused) {
      setError(refused);
      setStatus('');
      return null;
    }
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setUploading({ fileName: file.name, percent: 0 });
    setStatus(`Uploading ${label}…`);
    try {
      const answer = await api.upload.upload(type, file, {
        owner,
        signal: own.signal,
        onProgress: (progress: UploadProgress) => {
          if (!own.signal.aborted) setUploading({ fileName: file.name, percent: progress.percent });
        },
      });
      if (!answer.image) throw new Error('The server did not answer an image.');
      setStatus(`${label} uploaded.`);
      return answer.image;
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

  return {
    uploading,
    error,
    status,
    start,
    cancel: () => controller.current?.abort(),
    clearError: () => setError(null),
  };
}

/** The progress bar of an upload: a native <progress> (role progressbar) with the percentage beside it. */
export function UploadProgressBar({ state, label }: { state: UploadState; label: string }) {
  return (
    <div className="image-field__progress">
      <progress max={100} value={state.percent} aria-label={label} aria-valuenow={state.percent} aria-valuetext={`${state.percent}%`} />
      <span className="image-field__percent" aria-hidden="true">
        {state.percent}%
      </span>
    </div>
  );
}

export interface ImageFieldProps {
  label: string;
  /** What the image is for; the server stores every type in the six sizes. */
  type: ImageUploadType;
  /** The company or investor the image belongs to: only its members may upload for it. */
  owner?: UploadOwner | undefined;
  value: Image | null;
  onChange(image: Image | null): void;
  required?: boolean;
  hint?: string;
  /** The file input's id, the base of the field's other ids (see lib/domId). */
  id: string;
  /** A message from saving the form (e.g. a 400 field message), shown under the field. */
  error?: string | undefined;
  /** The size shown as the preview; the thumbnail by default, the listing size for covers. */
  previewSize?: ImageSize;
}

export function ImageField({ label, type, owner, value, onChange, required, hint, id, error, previewSize }: ImageFieldProps) {
  const inputId = id;
  const { uploading, error: uploadError, status, start, cancel } = useImageUpload(type, owner);
  const input = useRef<HTMLInputElement>(null);
  const shown = uploadError ?? error;
  const size = previewSize ?? (type === 'cover' || type === 'social' || type === 'gallery' ? 'listing' : 'thumbnail');
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // The same file can be chosen again after a failure.
    event.currentTarget.value = '';
    if (!file) return;
    const image = await start(file);
    if (image) onChange(image);
  }

  return (
    <div className={`field form-field image-field image-field--${size}`}>
      <label htmlFor={inputId}>
        {label}
        <RequiredMark required={required} />
      </label>
      {hint ? (
        <p id={hintId} className="image-field__hint muted">
          {hint}
        </p>
      ) : null}
      {value ? (
        <div className="image-field__preview">
          <img src={value.sizes[size]} alt={`${label}: current image`} loading="lazy" decoding="async" />
        </div>
      ) : null}
      <div className="image-field__controls">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="image-field__input"
          required={required && !value}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[shown ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined}
          onChange={onFile}
        />
        {uploading ? (
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
        {value && !uploading ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onChange(null);
              input.current?.focus();
            }}
          >
            Remove {label.toLowerCase()}
          </button>
        ) : null}
      </div>
      {uploading ? <UploadProgressBar state={uploading} label={`Uploading ${label.toLowerCase()}`} /> : null}
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
