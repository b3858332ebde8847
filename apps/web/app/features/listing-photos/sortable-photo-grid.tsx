import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Translate, useT } from '../../i18n/i18n.tsx';
import { PhotoCard, type PhotoCardActions, photoPositions } from './photo-card.tsx';
import type { PhotoGridProps } from './photo-grid.tsx';
import type { PhotoSlot } from './photo-slots.ts';

/**
 * What a screen reader hears while a photo moves, in the page's language, with positions counted
 * from 1 among the photos.
 */
export function photoAnnouncements(
  t: Translate,
  positionOf: (id: UniqueIdentifier) => number,
  count: number,
): Announcements {
  return {
    onDragStart: ({ active }) => t('photos.dnd.pickedUp', { position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('photos.dnd.movedOver', { from: positionOf(active.id), to: positionOf(over.id), count })
        : undefined,
    onDragEnd: ({ over }) => (over ? t('photos.dnd.dropped', { to: positionOf(over.id), count }) : undefined),
    onDragCancel: ({ active }) => t('photos.dnd.cancelled', { from: positionOf(active.id) }),
  };
}

function SortablePhoto(
  props: PhotoCardActions & { slot: PhotoSlot; position: number; count: number; removing: boolean },
) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: props.slot.key,
    });
  return (
    <PhotoCard
      {...props}
      itemRef={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      dragging={isDragging}
      handle={{ ...attributes, ...listeners, ref: setActivatorNodeRef }}
    />
  );
}

/**
 * The photos grid with reordering by pointer (drag the handle) and by keyboard (space on the
 * handle, arrows, space), announced in the page's language. Loaded lazily: dnd-kit stays out of
 * every page's first load.
 */
export default function SortablePhotoGrid(props: PhotoGridProps) {
  const t = useT();
  const { positions, count } = photoPositions(props.slots);
  const photoKeys = props.slots.flatMap((slot) => (slot.kind === 'photo' ? [slot.key] : []));
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = photoAnnouncements(t, (id) => positions.get(String(id)) ?? 0, count);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) props.onMove(String(active.id), String(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('photos.dnd.instructions') } }}
    >
      <SortableContext items={photoKeys} strategy={rectSortingStrategy}>
        <ol className="photos__grid" aria-label={t('photos.listLabel')}>
          {props.slots.map((slot) =>
            slot.kind === 'photo' ? (
              <SortablePhoto
                key={slot.key}
                slot={slot}
                position={positions.get(slot.key) ?? 0}
                count={count}
                removing={props.removing.has(slot.key)}
                onRemove={props.onRemove}
                onRetry={props.onRetry}
                onDismiss={props.onDismiss}
              />
            ) : (
              <PhotoCard
                key={slot.key}
                slot={slot}
                position={0}
                count={count}
                removing={false}
                onRemove={props.onRemove}
                onRetry={props.onRetry}
                onDismiss={props.onDismiss}
              />
            ),
          )}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
