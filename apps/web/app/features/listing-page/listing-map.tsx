import { useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { LocationMap, locationMapZoom } from '../maps/location-map.tsx';
import { StaticLocationMap } from '../maps/static-location-map.tsx';

/**
 * The listing's map: a pin, or the fuzzy circle when the marketplace keeps locations fuzzy. It is a
 * static map (tiles as images, drawn on the server) until the visitor clicks it; then Leaflet loads
 * and the same view becomes a map to pan and zoom (as Sharetribe's listing page does). A visitor who
 * only looks downloads no map code (decision 0083).
 */
export function ListingMap(props: { center: { lat: number; lng: number }; fuzzy: boolean; label: string }) {
  const t = useT();
  const [explored, setExplored] = useState(false);
  // The same object while the place is the same: revalidated page data does not recentre the map.
  const { lat, lng } = props.center;
  const center = useMemo(() => ({ lat, lng }), [lat, lng]);
  const mode = props.fuzzy ? 'fuzzy' : 'static';
  const zoom = locationMapZoom(mode);
  const still = <StaticLocationMap center={center} fuzzy={props.fuzzy} zoom={zoom} />;
  if (explored) {
    return (
      <LocationMap
        center={center}
        mode={mode}
        zoom={zoom}
        label={props.label}
        className="listing-location__map"
        immediate
        focusOnReady
        preview={still}
      />
    );
  }
  return (
    <section className="location-map listing-location__map" aria-label={props.label}>
      <StaticLocationMap
        center={center}
        fuzzy={props.fuzzy}
        zoom={zoom}
        explore={{ action: t('places.map.explore'), onExplore: () => setExplored(true) }}
      />
    </section>
  );
}
