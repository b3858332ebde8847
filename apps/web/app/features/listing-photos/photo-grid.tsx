import { useT } from '../../i18n/i18n.tsx';
import { PhotoCard, type PhotoCardActions, photoPositions } from './photo-card.tsx';
import type { PhotoSlot } from './photo-slots.ts';

export interface PhotoGridProps extends PhotoCardActions {
  slots: PhotoSlot[];
  removing: ReadonlySet<string>;
  /** A photo was moved onto another's place (by drag or keyboard). */
  onMove: (activeKey: string, overKey: string) => void;
}

/**
 * The grid as the server renders it and the browser first shows it: every slot, no reordering.
 * The sortable grid (dnd-kit, loaded after the first paint) takes its place with the same cards.
 */
export function PhotoGrid(props: PhotoGridProps) {
  const t = useT();
  const { positions, count } = photoPositions(props.slots);
  return (
    <ol className="photos__grid" aria-label={t('photos.listLabel')}>
      {props.slots.map((slot) => (
        <PhotoCard
          key={slot.key}
          slot={slot}
          position={positions.get(slot.key) ?? 0}
          count={count}
          removing={props.removing.has(slot.key)}
          onRemove={props.onRemove}
          onRetry={props.onRetry}
          onDismiss={props.onDismiss}
        />
      ))}
    </ol>
  );
}
