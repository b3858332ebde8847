import type { ListingImageView } from '@hora/core/listing';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { indexAfterKey } from './gallery-navigation.ts';
import { useSwipe } from './use-swipe.ts';

// The full-screen view is code a visitor may never use: it loads when first opened.
const GalleryFullscreen = lazy(() => import('./gallery-fullscreen.tsx'));

/** Main photo at most ~760 px wide on desktops, the screen's width on phones (spec breakpoints). */
const MAIN_SIZES = '(max-width: 1023px) 100vw, 760px';

/**
 * The listing's photos (spec part 1 §2): the cover first, thumbnails to pick one, arrow keys and
 * swipes to move, and a full-screen view. Without JavaScript the cover and thumbnails still show.
 */
export function Gallery({ images, title }: { images: readonly ListingImageView[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const swipe = useSwipe(index, images.length, setIndex);
  const current = images[index];

  if (!current) {
    return (
      <div className="gallery gallery--empty" data-testid="gallery">
        <p>{t('listing.gallery.noImages')}</p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const next = indexAfterKey(event.key, index, images.length);
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
  };
  const position = { position: index + 1, total: images.length };

  return (
    // Arrow keys on the focused photo or a thumbnail move the carousel (WAI-ARIA carousel pattern).
    <section
      className="gallery"
      aria-roledescription={t('listing.gallery.roleDescription')}
      aria-label={t('listing.gallery.label', { title })}
      onKeyDown={onKeyDown}
      data-testid="gallery"
    >
      <div className="gallery__main">
        <button
          type="button"
          className="gallery__photo"
          onClick={() => {
            if (!swipe.swiped()) setFullscreen(true);
          }}
          aria-label={t('listing.gallery.openFullscreen', position)}
          {...swipe.handlers}
        >
          <ListingImage
            key={current.id}
            image={current}
            shape="landscape"
            sizes={MAIN_SIZES}
            alt={t('listing.gallery.photoAlt', { title, ...position })}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        </button>
        {images.length > 1 && (
          <p className="gallery__counter" aria-live="polite">
            {t('listing.gallery.position', position)}
          </p>
        )}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbnails" aria-label={t('listing.gallery.thumbnails')}>
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                className="gallery__thumbnail"
                aria-current={i === index ? 'true' : undefined}
                aria-label={t('listing.gallery.show', { position: i + 1, total: images.length })}
                onClick={() => setIndex(i)}
              >
                <ListingImage image={image} shape="square" sizes="80px" alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {fullscreen && (
        <Suspense fallback={null}>
          <GalleryFullscreen
            images={images}
            title={title}
            index={index}
            onIndexChange={setIndex}
            onClose={() => setFullscreen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
