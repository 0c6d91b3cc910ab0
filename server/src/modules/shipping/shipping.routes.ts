import { ShipmentSavedMessages, ZConsigneeVoyages, ZConsigneeVoyagesQuery, ZIdParams, ZShipmentFilters, ZShipmentTotal, ZVesselVoyageNumberQuery, ZVesselVoyageOptions, ZVoyageDetail, ZVoyageList, ZVoyageListQuery, ZVoyageUpdate, shipmentTransaction, type PermissionRequirement } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { shipmentExportColumns } from './shipping.export';
import { createShipment, shipmentExportSource, getShipment, listShipments, reverseShipment, shipmentTotal, updateShipment } from './shipping.service';
import { consigneeVoyages, getVoyage, listVoyages, updateVoyage, vesselVoyageNumbers } from './voyage.service';

/** Other screens pick voyages: port loading, vessel quantity approval and the vessel dashboard. */
const VOYAGE_READERS: PermissionRequirement = {
  anyOf: [
    { module: 'Shipping', action: 'view' },
    { module: 'PortLoading', action: 'view' },
    { module: 'VesselQuantityApproval', action: 'view' },
    { module: 'ApprovalVessel', action: 'view' },
    { module: 'Dashboard', action: 'view' },
  ],
};
const voyageTags = ['voyages'];

/** Shipments (screen `shipping`) and voyages (read by every screen that picks a vessel voyage). */
export function registerShippingRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, shipmentTransaction, {
    list: (tx, actor, query) => listShipments(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => shipmentExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: shipmentExportColumns,
    exportSheet: { en: 'Shipments', ar: 'الشحنات' },
    get: (tx, actor, id) => getShipment(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ id: (await createShipment(tx, actor, input)).id, message: ShipmentSavedMessages.created }),
    update: async (tx, actor, id, input) => ({ id: (await updateShipment(tx, actor, id, input)).id, message: ShipmentSavedMessages.updated }),
    reverse: async (tx, actor, id, body) => ({ id: (await reverseShipment(tx, actor, id, body.reason)).id, message: ShipmentSavedMessages.reversed }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/shipments/total-quantity',
    permission: { anyOf: [{ module: 'Shipping', action: 'view' }] },
    tags: ['shipping'],
    summary: 'Total BL quantity (MT) and count of the shipments the filters match',
    querystring: ZShipmentFilters,
    response: ZShipmentTotal,
    work: (tx, actor, { query }) => shipmentTotal(tx, { agencyId: actor.agencyId, scope: actor.scope, filters: query }),
  });

  // ---------------------------------------------------------------- voyages

  cargoRoute(api, context, {
    method: 'GET',
    url: '/voyage',
    permission: VOYAGE_READERS,
    tags: voyageTags,
    summary: 'Voyages, filtered and paged',
    querystring: ZVoyageListQuery,
    response: ZVoyageList,
    work: (tx, actor, { query }) => listVoyages(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/voyage/consignee-voyages',
    permission: VOYAGE_READERS,
    tags: voyageTags,
    summary: 'Voyages carrying a consignee’s, shipment managers’ or cargo type’s consignments (at most 10)',
    querystring: ZConsigneeVoyagesQuery,
    response: ZConsigneeVoyages,
    work: (tx, actor, { query }) => consigneeVoyages(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/voyage/vessel-voyage-number',
    permission: VOYAGE_READERS,
    tags: voyageTags,
    summary: 'Voyages by vessel name or voyage number (search over 2 characters; at most 10)',
    querystring: ZVesselVoyageNumberQuery,
    response: ZVesselVoyageOptions,
    work: (tx, actor, { query }) => vesselVoyageNumbers(tx, { agencyId: actor.agencyId, query }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/voyage/:id',
    permission: VOYAGE_READERS,
    tags: voyageTags,
    summary: 'One voyage with its BL total and on-board balance',
    params: ZIdParams,
    response: ZVoyageDetail,
    work: (tx, actor, { params }) => getVoyage(tx, { agencyId: actor.agencyId, scope: actor.scope, id: params.id }),
  });

  cargoRoute(api, context, {
    method: 'PUT',
    url: '/voyage/:id',
    permission: { anyOf: [{ module: 'Shipping', action: 'edit' }] },
    tags: voyageTags,
    summary: 'Set a voyage’s berth and dates',
    params: ZIdParams,
    body: ZVoyageUpdate,
    response: ZVoyageDetail,
    event: 'vessel',
    work: (tx, actor, { params, body }) => updateVoyage(tx, actor, params.id, body),
  });
}
