// Leaflet's ES modules (`leaflet/src/...`, imported by leaflet-lite.ts and leaflet-map.ts) carry no
// types of their own: each is the part of `@types/leaflet` it defines.
declare module 'leaflet/src/control/Control.Attribution' {
  import type { control } from 'leaflet';
  export const attribution: typeof control.attribution;
}
declare module 'leaflet/src/control/Control.Zoom' {
  import type { control } from 'leaflet';
  export const zoom: typeof control.zoom;
}
declare module 'leaflet/src/geo/LatLng' {
  export { latLng as toLatLng } from 'leaflet';
}
declare module 'leaflet/src/layer/marker/DivIcon' {
  export { divIcon } from 'leaflet';
}
declare module 'leaflet/src/layer/marker/Marker' {
  export { marker } from 'leaflet';
}
declare module 'leaflet/src/layer/tile/TileLayer' {
  export { tileLayer } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Polygon' {
  export { polygon } from 'leaflet';
}
declare module 'leaflet/src/map/Map' {
  export { map as createMap } from 'leaflet';
}
declare module 'leaflet/src/map/handler/*';
declare module 'leaflet/src/layer/vector/Renderer.getRenderer';
