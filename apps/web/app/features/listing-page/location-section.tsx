import { MAP } from '@hora/core/config';
import type { ListingView } from '@hora/core/listing';
import { useT } from '../../i18n/i18n.tsx';
import { ListingMap } from './listing-map.tsx';

/** A map of the place on OpenStreetMap's site: with a pin at street level, only the area when fuzzy. */
function openStreetMapUrl(point: { lat: number; lng: number }, fuzzy: boolean): string {
  const lat = point.lat.toFixed(5);
  const lng = point.lng.toFixed(5);
  const zoom = fuzzy ? MAP.fuzzyDefaultZoom : 17;
  const pin = fuzzy ? '' : `mlat=${lat}&mlon=${lng}`;
  return `https://www.openstreetmap.org/?${pin}#map=${zoom}/${lat}/${lng}`;
}

/**
 * Where the space is (spec part 1 §2): the map (loaded after the page is shown) and the address,
 * or only its area when the marketplace keeps locations fuzzy.
 */
export function LocationSection(props: {
  listingId: string;
  geolocation: ListingView['geolocation'];
  address: string | null;
  fuzzy: boolean;
  title: string;
}) {
  const t = useT();
  const { geolocation } = props;
  if (!geolocation && !props.address) return null;
  return (
    <section className="listing-section" aria-labelledby="location-title" data-testid="location">
      <h2 id="location-title" className="listing-section__title">
        {t('listing.location.title')}
      </h2>
      {props.address && (
        <p className="listing-location__address">
          {props.fuzzy ? t('listing.location.area', { area: props.address }) : props.address}
        </p>
      )}
      {geolocation && (
        <>
          <ListingMap
            center={geolocation}
            fuzzy={props.fuzzy}
            listingId={props.listingId}
            label={t('listing.location.mapLabel', { title: props.title })}
          />
          <a
            className="listing-location__external"
            href={openStreetMapUrl(geolocation, props.fuzzy)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('listing.location.openMap')}
          </a>
        </>
      )}
      {props.fuzzy && <p className="listing-location__note">{t('listing.location.fuzzyNote')}</p>}
    </section>
  );
}
