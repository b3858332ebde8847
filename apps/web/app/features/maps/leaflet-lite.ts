// Leaflet from its own ES modules (`leaflet/src`), only the parts the maps use: the map with its
// interaction handlers, the zoom and attribution controls, tile layers, markers with div icons.
// Leaflet's bundled builds attach every class to one namespace object, so a bundler keeps all of
// them (popups, tooltips, GeoJSON, vectors and their canvas renderer, overlays, the layers control);
// importing the modules leaves those out: about a third of Leaflet, and of the search map's
// JavaScript (decision 0050). Types come from `@types/leaflet` (leaflet-src.d.ts).
import { attribution } from 'leaflet/src/control/Control.Attribution';
import { zoom } from 'leaflet/src/control/Control.Zoom';
import { toLatLng } from 'leaflet/src/geo/LatLng';
import { divIcon } from 'leaflet/src/layer/marker/DivIcon';
import { marker } from 'leaflet/src/layer/marker/Marker';
import { tileLayer } from 'leaflet/src/layer/tile/TileLayer';
import { createMap } from 'leaflet/src/map/Map';
// The map's handlers register themselves (and their default options) on the map class, as
// Leaflet's full build does: dragging, keyboard, wheel, double-click, box and touch zoom, tap-hold.
import 'leaflet/src/map/handler/Map.BoxZoom';
import 'leaflet/src/map/handler/Map.DoubleClickZoom';
import 'leaflet/src/map/handler/Map.Drag';
import 'leaflet/src/map/handler/Map.Keyboard';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom';
import 'leaflet/src/map/handler/Map.TapHold';
import 'leaflet/src/map/handler/Map.TouchZoom';

/** The part of Leaflet's `L` namespace the maps call, under the same names. */
export const L = {
  map: createMap,
  control: { zoom, attribution },
  tileLayer,
  marker,
  divIcon,
  latLng: toLatLng,
};
