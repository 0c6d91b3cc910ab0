import { z } from 'zod';

/**
 * The dashboard's calls (spec sections 2.13 and 7: `/api/dashboard/...`, all GET). Each tab's response lives here;
 * the tabs' routes are the server's `modules/dashboard`.
 */

/**
 * The Map tab's kinds of point, in the legend's order (spec 2.13: Customers Headquarter, Consignees Headquarter,
 * Consignee Delivery Locations, Customer Delivery Locations, Warehouses).
 */
export const MAP_POINT_KINDS = ['customerHeadquarter', 'consigneeHeadquarter', 'consigneeDeliveryLocation', 'customerDeliveryLocation', 'warehouse'] as const;
export type MapPointKind = (typeof MAP_POINT_KINDS)[number];

/**
 * The fixed pin colour of each kind (spec 3 "Map point": latitude, longitude, color, name). A company's headquarters
 * and its delivery locations share a hue family (customers red and orange, consignees blue and teal); warehouses
 * are purple. All five stay apart for the common colour-vision deficiencies by lightness as well as hue.
 */
export const MAP_POINT_COLORS: Readonly<Record<MapPointKind, string>> = {
  customerHeadquarter: '#cf1322',
  consigneeHeadquarter: '#1d39c4',
  consigneeDeliveryLocation: '#13c2c2',
  customerDeliveryLocation: '#fa8c16',
  warehouse: '#722ed1',
};

/** Spec 9: the map's centre near 21.53, 39.16, zoom 5, height 500. */
export const MAP_VIEW = { latitude: 21.53, longitude: 39.16, zoom: 5, height: 500 } as const;

/**
 * A point of `GET /api/dashboard/map` (spec 3): the spec's latitude, longitude, color and name, plus the legend
 * `kind` and the record's `id` (a company for a headquarters, a location otherwise).
 */
export const ZMapPoint = z.object({
  kind: z.enum(MAP_POINT_KINDS),
  id: z.number().int(),
  name: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  color: z.string(),
});
export type TMapPoint = z.infer<typeof ZMapPoint>;

/** `GET /api/dashboard/map` (no parameters): every active point of the agency the user may see, in legend order, then by name. */
export const ZMapPointList = z.array(ZMapPoint);
export type TMapPointList = z.infer<typeof ZMapPointList>;
