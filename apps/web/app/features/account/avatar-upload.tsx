import { LIMITS, TIMINGS_MS } from '@hora/core/config';
import type { AvatarVariants } from '@hora/core/session';
import { useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { UserAvatar } from '../../components/ui/user-avatar.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { loadValidation } from '../forms/use-validation.ts';
import { uploadAvatar } from './avatar-upload.ts';
import { imageFileError } from './image-file.ts';

/**
 * The profile picture (spec part 1 §4): checked in the browser, uploaded with `fetch`, and shown
 * 2 seconds after the upload succeeds (the spinner stays until then). A failure keeps the previous
 * picture and says why.
 */
export function AvatarUpload(props: {
  avatar: AvatarVariants | null;
  initials: string;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const [avatar, setAvatar] = useState(props.avatar);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showTimer = useRef<number | undefined>(undefined);
  const { onUploadingChange } = props;

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);
  useEffect(() => () => window.clearTimeout(showTimer.current), []);

  async function upload(file: File) {
    const problem = imageFileError(file, await loadValidation());
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setUploading(true);
    const result = await uploadAvatar(file);
    if (!result.ok) {
      setUploading(false);
      setError(result.error);
      return;
    }
    showTimer.current = window.setTimeout(() => {
      setAvatar(result.avatar);
      setUploading(false);
      // The top bar shows the picture too: read the session again.
      void revalidator.revalidate();
    }, TIMINGS_MS.profileImageDelay);
  }

  return (
    <div className="avatar-upload" aria-busy={uploading}>
      <div className="avatar-upload__picture">
        <UserAvatar avatar={avatar} initials={props.initials} size="large" />
        {uploading && <span className="avatar-upload__spinner" aria-hidden="true" />}
      </div>
      <div className="avatar-upload__controls">
        <input
          id={id}
          type="file"
          accept="image/*"
          className="avatar-upload__input visually-hidden"
          disabled={uploading}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that picking the same file again after an error tries again.
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <label
          htmlFor={id}
          className="button button--secondary avatar-upload__button"
          aria-disabled={uploading}
        >
          {avatar ? t('account.profileSettings.avatar.change') : t('account.profileSettings.avatar.add')}
        </label>
        <p id={`${id}-hint`} className="field__hint">
          {t('account.profileSettings.avatar.hint', { maxMb: LIMITS.imageMaxBytes / 1024 / 1024 })}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {uploading ? t('account.profileSettings.avatar.uploading') : ''}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {t(error)}
          </p>
        )}
      </div>
    </div>
  );
}
