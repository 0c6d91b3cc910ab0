import { z } from 'zod';
import { ZTonnes } from './cargo';
import { requiredId } from './ids';
import { MAX_MANUAL_KG } from './outbound-weighing';
import { refineStorage, storageShape, withoutSilos } from './receiving';
import { DISPATCH_DESTINATIONS, WarehouseDispatchMessages } from './warehouse-dispatch';
import { Messages } from './errors';

/*
 * Corrections of past records (spec 2.3 `oldWarehouse-in/{warehouseInId}/edit`, `oldWarehouse-out/{warehouseOutId}/edit`;
 * issue 13). A correction changes the figures a normal edit cannot: a Warehouse In's received quantity (its empty
 * weight, typed) and silo split, a Warehouse Out's quantity (its second weight's net, typed) and destination while
 * it is not received. In one transaction the original posting is reversed, the corrected one posted, and an audit
 * row (action `correct`) keeps who, when, why and the figures before and after: the correction history.
 */

/** The flags of the correction screens (permission catalogue: the `correct` action of WarehouseIn and WarehouseOut). */
export const CORRECTION_FLAGS = { warehouseIn: 'canCorrectWarehouseIn', warehouseOut: 'canCorrectWarehouseOut' } as const;

/** Texts the corrections answer with (Arabic in the web's corrections section). */
export const CorrectionMessages = {
  unchanged: 'Nothing to correct: the figures are unchanged.',
  corrected: 'Correction saved successfully',
  emptyWeightRequired: 'Please enter the empty weight in kg!',
  emptyNotBelowLoaded: 'The empty weight must be less than the loaded weight of the Pre In.',
} as const;

const correctionReason = z
  .string({ error: Messages.reasonRequired })
  .trim()
  .min(1, Messages.reasonRequired)
  .max(500, 'Maximum 500 characters');

/** Body of `PUT /api/warehouseIn/:id/correction`: the empty truck's weight typed (kg), the silo split, the reason. */
export const ZWarehouseInCorrection = z
  .object({
    emptyKg: z.coerce.number({ error: CorrectionMessages.emptyWeightRequired }).int(CorrectionMessages.emptyWeightRequired).positive(CorrectionMessages.emptyWeightRequired).max(MAX_MANUAL_KG, CorrectionMessages.emptyWeightRequired),
    ...storageShape,
    reason: correctionReason,
  })
  .superRefine(refineStorage)
  .transform(withoutSilos);
export type TWarehouseInCorrection = z.input<typeof ZWarehouseInCorrection>;
export type TWarehouseInCorrectionValues = z.output<typeof ZWarehouseInCorrection>;

/** Body of `PUT /api/warehouseOut/:id/correction`: the net typed (MT), the destination, the reason. */
export const ZWarehouseOutCorrection = z.object({
  quantity: ZTonnes,
  destinationType: z.enum(DISPATCH_DESTINATIONS, { error: WarehouseDispatchMessages.destinationRequired }),
  toLocationId: requiredId(WarehouseDispatchMessages.destinationRequired),
  reason: correctionReason,
});
export type TWarehouseOutCorrection = z.input<typeof ZWarehouseOutCorrection>;
export type TWarehouseOutCorrectionValues = z.output<typeof ZWarehouseOutCorrection>;

/** The figures a correction changed, before or after (quantities in MT, the split as `silo name: MT`). */
export const ZCorrectionFigures = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** One correction of a record, as its history shows it. */
export const ZCorrection = z.object({
  id: z.number(),
  at: z.string(),
  by: z.string(),
  reason: z.string(),
  before: ZCorrectionFigures,
  after: ZCorrectionFigures,
});
export type TCorrection = z.infer<typeof ZCorrection>;
export const ZCorrections = z.object({ rows: z.array(ZCorrection) });
export type TCorrections = z.infer<typeof ZCorrections>;
export const ZCorrectionSaved = z.object({ message: z.string(), history: z.array(ZCorrection) });
export type TCorrectionSaved = z.infer<typeof ZCorrectionSaved>;

