import type { ListingImageView } from '@hora/core/listing';
import type { KeyboardEvent } from 'react';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { indexAfterKey } from './gallery-navigation.ts';
import { useSwipe } from './use-swipe.ts';

/**
 * The photos one at a time over the whole screen: a dialog that keeps focus inside, closes with
 * Escape or its button, and moves with the arrow keys, its buttons and swipes. Loaded on first use.
 */
export default function GalleryFullscreen(props: {
  images: readonly ListingImageView[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { images, index, onIndexChange } = props;
  const swipe = useSwipe(index, images.length, onIndexChange);
  const current = images[index];
  if (!current) return null;
  const position = { position: index + 1, total: images.length };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = indexAfterKey(event.key, index, images.length);
    if (next === null) return; // Escape and Tab go on to the dialog.
    // The gallery behind listens to arrows too: they move the photo once, here.
    event.stopPropagation();
    event.preventDefault();
    onIndexChange(next);
  };
  const step = (key: 'ArrowLeft' | 'ArrowRight') =>
    onIndexChange(indexAfterKey(key, index, images.length) ?? index);

  return (
    <Modal
      title={t('listing.gallery.fullscreenTitle', { title: props.title, ...position })}
      closeLabel={t('listing.gallery.close')}
      onClose={props.onClose}
      className="modal--fullscreen"
      testId="gallery-fullscreen"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys anywhere in the dialog move between photos */}
      <div className="gallery-fullscreen" onKeyDown={onKeyDown}>
        <div className="gallery-fullscreen__photo" {...swipe.handlers}>
          <ListingImage
            key={current.id}
            image={current}
            shape="landscape"
            sizes="100vw"
            alt={t('listing.gallery.photoAlt', { title: props.title, ...position })}
            loading="eager"
          />
        </div>
        {images.length > 1 && (
          <div className="gallery-fullscreen__controls">
            <button type="button" className="button button--secondary" onClick={() => step('ArrowLeft')}>
              {t('listing.gallery.previous')}
            </button>
            <p aria-live="polite">{t('listing.gallery.position', position)}</p>
            <button type="button" className="button button--secondary" onClick={() => step('ArrowRight')}>
              {t('listing.gallery.next')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
