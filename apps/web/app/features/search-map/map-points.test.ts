import { describe, expect, it } from 'vitest';
import { mapCard } from './map.fixture.ts';
import {
  type BBox,
  groupByPoint,
  type MapMarker,
  markerIndex,
  markerListingIds,
  markerSignature,
} from './map-points.ts';

const SOL = { lat: 40.4168, lng: -3.7038 };
const RETIRO = { lat: 40.4153, lng: -3.6845 };
const BARCELONA = { lat: 41.3874, lng: 2.1686 };

describe('grouping listings by point', () => {
  it('puts listings at exactly one point in one group, in search order', () => {
    const groups = groupByPoint([
      mapCard('a', { geolocation: SOL }),
      mapCard('b', { geolocation: RETIRO }),
      mapCard('c', { geolocation: { ...SOL } }),
    ]);
    expect(groups.map((group) => group.listings.map(({ id }) => id))).toEqual([['a', 'c'], ['b']]);
    expect(groups[0]?.point).toEqual(SOL);
    expect(groups[0]?.key).toBe('40.4168,-3.7038');
  });

  it('keeps points a hair apart in groups of their own', () => {
    const groups = groupByPoint([
      mapCard('a', { geolocation: SOL }),
      mapCard('b', { geolocation: { lat: SOL.lat + 0.00001, lng: SOL.lng } }),
    ]);
    expect(groups).toHaveLength(2);
  });

  it('leaves listings with no point off the map', () => {
    expect(groupByPoint([mapCard('a', { geolocation: null }), mapCard('b')]).map((g) => g.key)).toEqual([
      '40.4168,-3.7038',
    ]);
  });
});

function kinds(markers: MapMarker[]) {
  return markers.map((marker) => [marker.kind, markerListingIds(marker).sort()]).sort();
}

describe('markers at a zoom level', () => {
  const listings = [
    mapCard('sol-1', { geolocation: SOL }),
    mapCard('sol-2', { geolocation: SOL }),
    mapCard('sol-3', { geolocation: SOL }),
    mapCard('retiro', { geolocation: RETIRO }),
    mapCard('bcn', { geolocation: BARCELONA }),
  ];

  it('zoomed in: a price marker per lone listing and a group marker per shared point', () => {
    const markers = markerIndex(listings).markersAt(16);
    expect(kinds(markers)).toEqual([
      ['group', ['sol-1', 'sol-2', 'sol-3']],
      ['price', ['bcn']],
      ['price', ['retiro']],
    ]);
    const group = markers.find((marker) => marker.kind === 'group');
    expect(group?.kind === 'group' && group.listings.map(({ id }) => id)).toEqual([
      'sol-1',
      'sol-2',
      'sol-3',
    ]);
    expect(group?.point).toEqual(SOL);
  });

  it('zoomed out: nearby points become a cluster counting their listings, far ones stay apart', () => {
    const markers = markerIndex(listings).markersAt(9.7);
    expect(kinds(markers)).toEqual([
      ['cluster', ['retiro', 'sol-1', 'sol-2', 'sol-3']],
      ['price', ['bcn']],
    ]);
    const cluster = markers.find((marker) => marker.kind === 'cluster');
    expect(cluster?.kind === 'cluster' && cluster.count).toBe(4);
  });

  it('a cluster expands at a zoom where its points part', () => {
    const index = markerIndex(listings);
    const cluster = index.markersAt(9).find((marker) => marker.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = index.expansionZoom(cluster.clusterId);
    expect(zoom).toBeGreaterThan(9);
    expect(index.markersAt(zoom).some((marker) => marker.kind === 'cluster')).toBe(false);
  });

  it('a shared point never clusters with itself: at the deepest zoom it is one group marker', () => {
    const markers = markerIndex(listings.slice(0, 3)).markersAt(3);
    expect(kinds(markers)).toEqual([['group', ['sol-1', 'sol-2', 'sol-3']]]);
  });

  it('only the markers in a box, also across the antimeridian', () => {
    const index = markerIndex([...listings, mapCard('fiji', { geolocation: { lat: -17.7, lng: 178.1 } })]);
    const madrid: BBox = [-3.8, 40.3, -3.6, 40.5];
    expect(kinds(index.markersAt(16, madrid)).map(([kind]) => kind)).toEqual(['group', 'price']);
    expect(kinds(index.markersAt(16, [170, -30, -170, 0]))).toEqual([['price', ['fiji']]]);
  });

  it('a marker is redrawn when its listings or its price change', () => {
    const before = markerIndex(listings).markersAt(16);
    const after = markerIndex([
      ...listings.slice(0, 3),
      mapCard('retiro', { geolocation: RETIRO, price: null }),
    ]).markersAt(16);
    const retiro = (markers: MapMarker[]) => markers.find((marker) => marker.key === '40.4153,-3.6845')!;
    expect(markerSignature(retiro(before))).not.toBe(markerSignature(retiro(after)));
    const sol = (markers: MapMarker[]) => markers.find((marker) => marker.key === '40.4168,-3.7038')!;
    expect(markerSignature(sol(before))).toBe(markerSignature(sol(after)));
  });

  it('no listings, no markers', () => {
    expect(markerIndex([]).markersAt(11)).toEqual([]);
  });
});
