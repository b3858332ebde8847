import type { ListingCardView } from '@hora/core/listing';
import type { LatLng } from '@hora/core/search';
import Supercluster from 'supercluster';

/** Listings at exactly one point (a building with several spaces): one marker with a count. */
export interface PointGroup {
  /** 'lat,lng' of the point: stable across searches, so a marker keeps its identity. */
  key: string;
  point: LatLng;
  /** In the order the search returned them. */
  listings: ListingCardView[];
}

/** What the map draws at one zoom: one listing, listings at one point, or a cluster of points. */
export type MapMarker =
  | { kind: 'price'; key: string; point: LatLng; listing: ListingCardView }
  | { kind: 'group'; key: string; point: LatLng; listings: ListingCardView[] }
  | {
      kind: 'cluster';
      key: string;
      point: LatLng;
      clusterId: number;
      /** Listings inside, not points: a cluster of two groups of three reads 6. */
      count: number;
      listingIds: string[];
    };

/** Clusters are tight enough that a city's districts stay apart at its default zoom. */
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: 16, minPoints: 2 } as const;

/** [west, south, east, north]; west > east crosses the antimeridian, a span of 360 is all of it. */
export type BBox = [number, number, number, number];
export const WORLD: BBox = [-180, -90, 180, 90];

/** Groups listings by identical point (listings with no point are left out of the map). */
export function groupByPoint(listings: readonly ListingCardView[]): PointGroup[] {
  const groups = new Map<string, PointGroup>();
  for (const listing of listings) {
    const point = listing.geolocation;
    if (!point || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) continue;
    const key = `${point.lat},${point.lng}`;
    const group = groups.get(key);
    if (group) group.listings.push(listing);
    else groups.set(key, { key, point: { lat: point.lat, lng: point.lng }, listings: [listing] });
  }
  return [...groups.values()];
}

interface GroupProperties {
  group: number;
  count: number;
}
interface ClusterProperties {
  count: number;
}

export interface MarkerIndex {
  groups: PointGroup[];
  /** The markers in a box at a zoom level (fractional zooms read as the level below). */
  markersAt(zoom: number, bbox?: BBox): MapMarker[];
  /** The zoom at which a cluster splits. */
  expansionZoom(clusterId: number): number;
}

/** Clusters the groups (one input point per group, weighted by its listings) with supercluster. */
export function markerIndex(listings: readonly ListingCardView[]): MarkerIndex {
  const groups = groupByPoint(listings);
  const index = new Supercluster<GroupProperties, ClusterProperties>({
    ...CLUSTER_OPTIONS,
    map: (properties) => ({ count: properties.count }),
    reduce: (accumulated, properties) => {
      accumulated.count += properties.count;
    },
  });
  index.load(
    groups.map((group, position) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [group.point.lng, group.point.lat] },
      properties: { group: position, count: group.listings.length },
    })),
  );

  function leaves(clusterId: number): PointGroup[] {
    return index
      .getLeaves(clusterId, Number.POSITIVE_INFINITY)
      .map((leaf) => groups[(leaf.properties as GroupProperties).group] as PointGroup);
  }

  return {
    groups,
    markersAt(zoom, bbox = WORLD) {
      return index.getClusters(bbox, Math.floor(zoom)).map((feature): MapMarker => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        if ('cluster' in properties && properties.cluster) {
          const listingIds = leaves(properties.cluster_id).flatMap((group) =>
            group.listings.map(({ id }) => id),
          );
          return {
            kind: 'cluster',
            key: `cluster:${properties.cluster_id}`,
            point: { lat, lng },
            clusterId: properties.cluster_id,
            count: listingIds.length,
            listingIds,
          };
        }
        const group = groups[(properties as GroupProperties).group] as PointGroup;
        const [first] = group.listings as [ListingCardView];
        return group.listings.length === 1
          ? { kind: 'price', key: group.key, point: group.point, listing: first }
          : { kind: 'group', key: group.key, point: group.point, listings: group.listings };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}

/** A marker's content: when it changes at the same key (another search), the marker is redrawn. */
export function markerSignature(marker: MapMarker): string {
  const ids = markerListingIds(marker).join(',');
  return marker.kind === 'price'
    ? `${marker.kind}|${ids}|${JSON.stringify([marker.listing.title, marker.listing.price, marker.listing.minPrice, marker.listing.maxPrice, marker.listing.negotiation])}`
    : `${marker.kind}|${ids}`;
}

/** The listing ids a marker stands for: what the hovered card highlights. */
export function markerListingIds(marker: MapMarker): string[] {
  if (marker.kind === 'price') return [marker.listing.id];
  if (marker.kind === 'group') return marker.listings.map(({ id }) => id);
  return marker.listingIds;
}
