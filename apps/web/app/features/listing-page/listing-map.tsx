import { LocationMap } from '../maps/location-map.tsx';

/**
 * The listing's map: a pin, or the fuzzy circle when the marketplace keeps locations fuzzy. The
 * map component draws an empty frame on the server and loads Leaflet once the page has painted;
 * with no tiles the pin still shows on a plain background.
 */
export function ListingMap(props: {
  center: { lat: number; lng: number };
  fuzzy: boolean;
  listingId: string;
  label: string;
}) {
  return (
    <LocationMap
      center={props.center}
      mode={props.fuzzy ? 'fuzzy' : 'static'}
      {...(props.fuzzy ? { fuzzySeed: props.listingId } : {})}
      label={props.label}
      className="listing-location__map"
    />
  );
}
