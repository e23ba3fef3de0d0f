// MapLibre's CSP build (no blob: workers; the worker is a file of our own origin) ships without types of its own.
declare module "maplibre-gl/dist/maplibre-gl-csp.js" {
  import type * as MapLibreModule from "maplibre-gl";
  const maplibregl: typeof MapLibreModule;
  export default maplibregl;
}
