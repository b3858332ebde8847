/*
 * The one place this feature loads a map. PENDING (f9-geo): once the Leaflet map component of
 * app/features/maps/ is merged, this file loads it lazily after the first paint (a static marker,
 * or the fuzzy circle) into the box below; until then the box is not drawn.
 */
export function ListingMap(_props: { center: { lat: number; lng: number }; fuzzy: boolean; title: string }) {
  return null;
}
