import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { MAP_VIEW, type TMapPoint } from '@tonnage/contracts';
import { PIN_SIZE, pinMarkup } from './map-pin';

/*
 * The offline map (docs/decisions.md "The Map tab draws its own base map"): Leaflet with no tile layer; the base map
 * is Natural Earth's 1:50m country shapes (world-atlas, TopoJSON) shipped in the build and fetched from this server
 * when the tab opens; pins are inline SVG. Nothing here names an outside address (scripts/check-offline-assets.mjs).
 */

const SEA = '#cfe3ef';
const LAND = { fillColor: '#f4f1ea', fillOpacity: 1, color: '#a8a29a', weight: 0.8 };

type Topology = Parameters<typeof feature>[0];

let countries: Promise<FeatureCollection> | undefined;

/** The country shapes as GeoJSON, fetched and converted once per page load. */
function loadCountries(): Promise<FeatureCollection> {
  countries ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`countries: ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then((topology) => {
      const object = topology.objects.countries;
      if (!object) throw new Error('countries: no object');
      return feature(topology, object) as FeatureCollection;
    })
    .catch((error: unknown) => {
      countries = undefined;
      throw error;
    });
  return countries;
}

const icons = new Map<string, L.DivIcon>();

/** The pin of a colour, its tip on the point. */
function pinIcon(color: string): L.DivIcon {
  let icon = icons.get(color);
  if (!icon) {
    icon = L.divIcon({
      className: 'dashboard-map-pin',
      html: pinMarkup(color),
      iconSize: [PIN_SIZE.width, PIN_SIZE.height],
      iconAnchor: [PIN_SIZE.width / 2, PIN_SIZE.height - 1],
      tooltipAnchor: [0, -PIN_SIZE.height + 4],
    });
    icons.set(color, icon);
  }
  return icon;
}

export interface DashboardMapProps {
  points: readonly TMapPoint[];
  /** The map's accessible name. */
  label: string;
  /** The plain-text credit (no links: nothing to leave the page for). */
  attribution: string;
  /** Shown when the country shapes cannot be loaded (the pins still show). */
  failed: string;
}

/** The map of the Map tab: height 500, centre 21.53, 39.16, zoom 5 (spec 9), one pin per point with its name on hover. */
export default function DashboardMap({ points, label, attribution, failed }: DashboardMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const pins = useRef<L.LayerGroup | null>(null);
  const [baseFailed, setBaseFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, { center: [MAP_VIEW.latitude, MAP_VIEW.longitude], zoom: MAP_VIEW.zoom, minZoom: 2, maxZoom: 12, attributionControl: false });
    L.control.attribution({ prefix: false }).addAttribution(attribution).addTo(map);
    pins.current = L.layerGroup().addTo(map);
    let live = true;
    loadCountries()
      .then((shapes) => {
        if (live) L.geoJSON(shapes, { style: LAND, interactive: false }).addTo(map);
      })
      .catch(() => {
        if (live) setBaseFailed(true);
      });
    return () => {
      live = false;
      pins.current = null;
      map.remove();
    };
  }, [attribution]);

  useEffect(() => {
    const group = pins.current;
    if (!group) return;
    group.clearLayers();
    for (const point of points) {
      const marker = L.marker([point.latitude, point.longitude], { icon: pinIcon(point.color), keyboard: true, riseOnHover: true });
      marker.bindTooltip(point.name, { direction: 'top' });
      marker.on('add', () => {
        const element = marker.getElement();
        if (element) {
          // Keyboard users reach a pin (Leaflet makes it a focusable button) and hear its name.
          element.setAttribute('aria-label', point.name);
          element.dataset.kind = point.kind;
          element.dataset.testid = 'dashboard-map-pin';
        }
      });
      group.addLayer(marker);
    }
  }, [points]);

  return (
    <div style={{ position: 'relative', height: MAP_VIEW.height }}>
      <div ref={container} role="region" aria-label={label} data-testid="dashboard-map" style={{ height: '100%', background: SEA }} />
      {baseFailed && <Alert type="warning" showIcon title={failed} style={{ position: 'absolute', insetBlockStart: 8, insetInlineEnd: 8, zIndex: 1000 }} />}
    </div>
  );
}
