import { WarehouseTransferMessages, ZIdParams, ZWarehouseTransferSlipView, operationPermission, transferSlipPdfPath, transferSlipViewPath, type TransferSlipRecordDeclaration, type TransferSlipSource, type TWarehouseTransferSlipView } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, fileRoute, runCommand } from '../../kit';
import type { ReadActor } from '../../kit/actor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { columnOf, companies } from '../master-data/master-data.schema';
import { renderTransferSlipPdf } from './transfer-slip.pdf';
import { transferSlips } from './transfer-slip.schema';
import { selectTransferSlips, toWarehouseTransfer } from './warehouse-transfer.queries';

/*
 * The printed transfer slip of every record that travels on one (contracts' TRANSFER_SLIP_RECORDS): one view route
 * and one PDF route per screen, `GET /api/<screen>/:id/slip` and `/slip/pdf`, behind the screen's view permission.
 * The screen's module names the slip of a record it reads in the reader's data scope (`slipOf`: its own scoped
 * getter, so a record out of scope is the screen's 404) or null when the record moved nothing (404 too).
 */

const arrivalOwners = alias(companies, 'arrival_owner');

/** The slip `slipId` of the agency as printed: the slip, its source, the owner on arrival, the agency's name and time zone. */
export async function transferSlipView(tx: Db, agencyId: number, slipId: number): Promise<TWarehouseTransferSlipView> {
  const [row] = await selectTransferSlips(tx).where(and(eq(transferSlips.agencyId, agencyId), eq(transferSlips.id, slipId)));
  if (!row) throw notFound(WarehouseTransferMessages.slipNotFound);
  const [extra] = await tx
    .select({ source: transferSlips.sourceKind, toOwnerName: columnOf(arrivalOwners, 'name') })
    .from(transferSlips)
    .innerJoin(arrivalOwners, eq(columnOf(arrivalOwners, 'id'), transferSlips.toOwnerCompanyId))
    .where(eq(transferSlips.id, slipId));
  const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  return {
    slip: toWarehouseTransfer(row),
    source: (extra?.source ?? 'warehouseTransfer') as TransferSlipSource,
    toOwnerName: String(extra?.toOwnerName ?? ''),
    agencyName: agency?.name ?? '',
    timeZone: await agencyTimezone(tx, agencyId),
  };
}

export interface TransferSlipPrintSpec {
  /** The slip of the record `id` read in the reader's scope (the screen's 404 when out of it), null when it has none. */
  slipOf: (tx: Db, actor: ReadActor, id: number) => Promise<number | null>;
  tags: readonly string[];
  /** Further URLs of the same view and PDF (the Warehouse Transfer's `/view` and `/pdf`). */
  aliases?: { view: string; pdf: string };
}

/** Registers the printed slip (view and PDF) of a screen's records, behind the screen's view permission. */
export function registerTransferSlipPrint(api: FastifyInstance, context: ModuleContext, declaration: TransferSlipRecordDeclaration, spec: TransferSlipPrintSpec): void {
  const permission = operationPermission(declaration, 'get');
  const view = async (tx: Db, actor: ReadActor, id: number) => {
    const slipId = await spec.slipOf(tx, actor, id);
    if (slipId === null) throw notFound(WarehouseTransferMessages.slipNotFound);
    return transferSlipView(tx, actor.agencyId, slipId);
  };
  const viewUrl = transferSlipViewPath(declaration, 0).replace(/^\/api/, '').replace('/0/', '/:id/');
  const pdfUrl = transferSlipPdfPath(declaration, 0).replace(/^\/api/, '').replace('/0/', '/:id/');
  for (const url of [viewUrl, ...(spec.aliases ? [spec.aliases.view] : [])]) {
    cargoRoute(api, context, {
      method: 'GET',
      url,
      permission,
      tags: spec.tags,
      summary: 'The printed transfer slip of a record delivered by truck (English and Arabic side by side); 404 for a record out of scope or without a slip',
      params: ZIdParams,
      response: ZWarehouseTransferSlipView,
      work: (tx, actor, { params }) => view(tx, actor, params.id),
    });
  }
  for (const url of [pdfUrl, ...(spec.aliases ? [spec.aliases.pdf] : [])]) {
    fileRoute(api, {
      url,
      permission,
      tags: spec.tags,
      summary: 'The transfer slip of a record delivered by truck as a PDF, English and Arabic side by side',
      params: ZIdParams,
      send: async (request, reply, { params }) => {
        const data = await runCommand(context, request, (tx, actor) => view(tx, actor, params.id));
        const pdf = await renderTransferSlipPdf(data);
        return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="transfer-slip-${data.slip.slipNumber}.pdf"`).send(pdf);
      },
    });
  }
}
