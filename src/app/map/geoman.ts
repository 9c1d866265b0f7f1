/** Leaflet with Geoman's drawing tools (`map.pm`, `layer.pm`): Leaflet global first, then Geoman onto it. */
import './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
