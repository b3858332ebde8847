import { useMemo } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { OnDemandLocationMap } from '../maps/static-location-map.tsx';

/**
 * The listing's map: a pin, or the fuzzy circle when the marketplace keeps locations fuzzy. It is a
 * static map (tiles as images, drawn on the server) until the visitor clicks it; then Leaflet loads
 * and the same view becomes a map to pan and zoom (as Sharetribe's listing page does). A visitor who
 * only looks downloads no map code (decision 0083).
 */
export function ListingMap(props: { center: { lat: number; lng: number }; fuzzy: boolean; label: string }) {
  const t = useT();
  // The same object while the place is the same: revalidated page data does not recentre the map.
  const { lat, lng } = props.center;
  const center = useMemo(() => ({ lat, lng }), [lat, lng]);
  return (
    <OnDemandLocationMap
      center={center}
      mode={props.fuzzy ? 'fuzzy' : 'static'}
      label={props.label}
      className="listing-location__map"
      action={t('places.map.explore')}
    />
  );
}
