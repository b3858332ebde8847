import { LIMITS } from '@hora/core/config';
import {
  type ComponentType,
  type DragEvent,
  type FormEvent,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useT } from '../../i18n/i18n.tsx';
import type { WizardTabProps } from '../listing-wizard/tab-props.ts';
import { PhotoGrid, type PhotoGridProps } from './photo-grid.tsx';
import {
  canSubmit,
  initialPhotos,
  nextToSend,
  photoFileError,
  photosOf,
  photosReducer,
} from './photo-slots.ts';
import { removePhoto, savePhotoOrder } from './photos-api.ts';
import { uploadPhoto } from './upload-photo.ts';
import './photos.css';

/** Uploads sent at once: enough to fill a home connection, few enough to show steady progress. */
const PARALLEL_UPLOADS = 3;

const ACCEPT = LIMITS.listingImageTypes.join(',');

let fileKeys = 0;
const nextFileKey = () => {
  fileKeys += 1;
  return `file-${fileKeys}`;
};

/**
 * The wizard's photos tab (spec part 1 §2): choose or drop several photos at once, each uploading
 * with its own progress bar; per-file errors that lose nothing else; reorder by drag or keyboard
 * (the first photo is the cover); remove. The submit button waits for one photo and for every
 * upload to end, saves the order, and hands the listing back to the wizard.
 */
export function PhotosTab({ listing, submitLabel, onSaved }: WizardTabProps) {
  const t = useT();
  const id = useId();
  const [state, dispatch] = useReducer(photosReducer, listing.images, initialPhotos);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [Sortable, setSortable] = useState<ComponentType<PhotoGridProps> | null>(null);
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, () => void>());

  // dnd-kit, in a chunk of its own, once there are two photos to reorder: a host who adds one
  // photo never downloads it, and the plain grid works meanwhile.
  const canReorder = photosOf(state).length >= 2;
  useEffect(() => {
    if (!canReorder || Sortable) return;
    let active = true;
    void import('./sortable-photo-grid.tsx').then((module) => {
      if (active) setSortable(() => module.default);
    });
    return () => {
      active = false;
    };
  }, [canReorder, Sortable]);

  // Uploads still under way when the tab goes away are stopped.
  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const abort of running.values()) abort();
    };
  }, []);

  // Starts the waiting files while fewer than PARALLEL_UPLOADS are being sent.
  useEffect(() => {
    for (const key of nextToSend(state, PARALLEL_UPLOADS)) {
      const file = files.current.get(key);
      // Already started (effects may run twice for one state in development).
      if (!file || aborts.current.has(key)) continue;
      dispatch({ type: 'sending', key });
      const upload = uploadPhoto(listing.id, file, {
        onProgress: (loaded, total) => dispatch({ type: 'progress', key, loaded, total }),
      });
      aborts.current.set(key, upload.abort);
      void upload.result.then((result) => {
        aborts.current.delete(key);
        if (result.ok) {
          files.current.delete(key);
          dispatch({ type: 'uploaded', key, image: result.image });
          setAnnouncement(t('photos.uploadedAnnouncement', { fileName: file.name }));
        } else {
          dispatch({ type: 'failed', key, error: result.error });
          setAnnouncement(t('photos.failedAnnouncement', { fileName: file.name }));
        }
      });
    }
  }, [state, listing.id, t]);

  function choose(chosen: FileList | null) {
    if (!chosen || chosen.length === 0) return;
    setFormError(null);
    const entries = [...chosen].map((file) => {
      const key = nextFileKey();
      const error = photoFileError(file);
      // Kept for a retry after a failed upload; a file refused here never goes anywhere.
      if (!error) files.current.set(key, file);
      return { key, fileName: file.name, size: file.size, error };
    });
    dispatch({ type: 'chosen', files: entries });
  }

  async function remove(imageId: string) {
    setRemoving((current) => new Set(current).add(imageId));
    setFormError(null);
    const result = await removePhoto(listing.id, imageId);
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(imageId);
      return next;
    });
    if (result.ok) dispatch({ type: 'removed', imageId });
    else setFormError(result.error);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit(state) || saving) return;
    setSaving(true);
    setFormError(null);
    const result = await savePhotoOrder(
      listing.id,
      photosOf(state).map((image) => image.id),
    );
    setSaving(false);
    if (!result.ok) {
      setFormError(result.error === 'errors.api.generic' ? 'photos.saveFailed' : result.error);
      return;
    }
    onSaved({ ...listing, images: result.images });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropping(false);
    choose(event.dataTransfer.files);
  }

  const Grid = Sortable ?? PhotoGrid;
  const hasPhotos = photosOf(state).length > 0;

  return (
    <form className="photos" onSubmit={submit} noValidate>
      <p className="photos__intro">{t('photos.intro')}</p>
      {/* Dropping is a shortcut: the button does the same for every pointer and keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone's keyboard path is the file button inside it */}
      <div
        className={`photos__dropzone${dropping ? ' photos__dropzone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            choose(event.target.files);
            // Cleared, so that choosing the same file again (after an error) works.
            event.target.value = '';
          }}
        />
        <label htmlFor={`${id}-files`} className="button button--secondary">
          {t('photos.choose')}
        </label>
        <span className="photos__drop-text">{dropping ? t('photos.dropHere') : t('photos.drop')}</span>
        <p id={`${id}-hint`} className="field__hint">
          {t('photos.hint', { maxMb: LIMITS.imageMaxBytes / 1024 / 1024, max: LIMITS.listingImagesMax })}
        </p>
      </div>

      {state.slots.length > 0 && (
        <>
          {hasPhotos && <p className="field__hint">{t('photos.reorderHint')}</p>}
          <Grid
            slots={state.slots}
            removing={removing}
            onRemove={(imageId) => void remove(imageId)}
            onRetry={(key) => dispatch({ type: 'retried', key })}
            onDismiss={(key) => {
              files.current.delete(key);
              dispatch({ type: 'dismissed', key });
            }}
            onMove={(activeKey, overKey) => dispatch({ type: 'moved', activeKey, overKey })}
          />
        </>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {formError && (
        <p className="field__error" role="alert">
          {t(formError)}
        </p>
      )}
      <div className="photos__submit">
        {!canSubmit(state) && (
          <p id={`${id}-why`} className="field__hint">
            {t(hasPhotos ? 'photos.waitForUploads' : 'photos.required')}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={!canSubmit(state) || saving}
          aria-busy={saving}
          aria-describedby={canSubmit(state) ? undefined : `${id}-why`}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
