import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { type PhotoSlot, percentSent } from './photo-slots.ts';

export interface PhotoCardActions {
  onRemove: (imageId: string) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
}

export interface PhotoCardProps extends PhotoCardActions {
  slot: PhotoSlot;
  /** 1-based place among the photos (photos only), and how many there are. */
  position: number;
  count: number;
  removing: boolean;
  /** The drag handle's props when reordering is available (dnd-kit loaded). */
  handle?: HTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };
  /** The sortable item's ref and style while it moves. */
  itemRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
}

/** One slot of the photos grid: a photo (cover badge, move handle, remove), an upload, or a failure. */
export function PhotoCard(props: PhotoCardProps) {
  const t = useT();
  const { slot } = props;
  const className = `photo-card photo-card--${slot.kind}${props.dragging ? ' photo-card--dragging' : ''}`;

  if (slot.kind === 'photo') {
    const position = props.position;
    const cover = position === 1;
    return (
      <li ref={props.itemRef} style={props.style} className={className}>
        <ListingImage
          image={slot.image}
          shape="square"
          sizes="(max-width: 767px) 45vw, 240px"
          alt={t('photos.photoAlt', { position, count: props.count })}
          className="photo-card__image"
        />
        {cover && <span className="photo-card__cover">{t('photos.cover')}</span>}
        <div className="photo-card__actions">
          {props.handle && (
            <button
              type="button"
              className="icon-button photo-card__handle"
              aria-label={t('photos.move', { position })}
              {...props.handle}
            >
              <GripIcon />
            </button>
          )}
          <button
            type="button"
            className="icon-button photo-card__remove"
            aria-label={t('photos.remove', { position })}
            disabled={props.removing}
            onClick={() => props.onRemove(slot.image.id)}
          >
            <CloseIcon />
          </button>
        </div>
      </li>
    );
  }

  if (slot.kind === 'upload') {
    const percent = percentSent(slot);
    // Sent whole: the server is making the variants, which takes a moment for a large photo.
    const label =
      slot.status === 'waiting'
        ? t('photos.waiting', { fileName: slot.fileName })
        : percent >= 100
          ? t('photos.processing', { fileName: slot.fileName })
          : t('photos.sending', { fileName: slot.fileName });
    return (
      <li className={className} aria-busy="true">
        <p className="photo-card__file">{label}</p>
        <progress className="photo-card__progress" max={100} value={percent} aria-label={label} />
        <p className="photo-card__percent" aria-hidden="true">
          {t('photos.progress', { percent })}
        </p>
      </li>
    );
  }

  return (
    <li className={className}>
      <p className="photo-card__file">{slot.fileName}</p>
      <p className="field__error">{t(slot.error)}</p>
      <div className="photo-card__actions photo-card__actions--failed">
        {slot.retry && (
          <button type="button" className="button button--secondary" onClick={() => props.onRetry(slot.key)}>
            {t('photos.retry')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => props.onDismiss(slot.key)}>
          {t('photos.dismiss')}
        </button>
      </div>
    </li>
  );
}

/** Six dots: something to take hold of and drag. */
function GripIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {[7, 12, 17].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

/** Each slot's 1-based place among the photos (0 for uploads and failures). */
export function photoPositions(slots: readonly PhotoSlot[]): {
  positions: Map<string, number>;
  count: number;
} {
  const positions = new Map<string, number>();
  let count = 0;
  for (const slot of slots) {
    if (slot.kind === 'photo') {
      count += 1;
      positions.set(slot.key, count);
    }
  }
  return { positions, count };
}
