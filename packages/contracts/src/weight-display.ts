import { z } from 'zod';
import { recordId } from './ids';
import { textInput } from './text';

/**
 * The live weight display (spec 2.14, section 7 Realtime): the register call and the handshake of a display's
 * socket (query `locationId` and `weightMachineId`, the device serial of a weight machine).
 */

/** The server's messages of the display (the web has their Arabic). */
export const WeightDisplayMessages = {
  locationRequired: 'Please select a location!',
  machineRequired: 'Please select a weight machine.',
  /** The machine is not an active weight machine of that location, or the location is not one the user may see. */
  machineNotAvailable: 'This weight machine is not available at the selected location.',
  /** A display's socket named only one of locationId and weightMachineId. */
  bothRequired: 'The weight display needs both a location and a weight machine.',
} as const;

/** Longest device serial a display may name (the master-data field's own limit is lower). */
export const WEIGHT_MACHINE_SERIAL_MAX = 100;

/** `POST /api/weightMachine/register`: the display's choice. */
export const ZWeightMachineRegister = z.object({
  locationId: recordId(WeightDisplayMessages.locationRequired),
  weightMachineId: textInput({ error: WeightDisplayMessages.machineRequired })
    .trim()
    .min(1, WeightDisplayMessages.machineRequired)
    .max(WEIGHT_MACHINE_SERIAL_MAX, WeightDisplayMessages.machineRequired),
});
export type TWeightMachineRegister = z.infer<typeof ZWeightMachineRegister>;

/** Whether the display may listen to the machine; `machineId` is weight_machines.id when accepted. */
export const ZWeightMachineRegistered = z.object({
  accepted: z.boolean(),
  machineId: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type TWeightMachineRegistered = z.infer<typeof ZWeightMachineRegistered>;

/** The socket query of a weight display, besides the token and agencyId of every socket. */
export interface WeightDisplaySocketQuery {
  locationId: string;
  weightMachineId: string;
}

/** Spec section 9: the weight screen's date and time, and its clock's tick. */
export const WEIGHT_SCREEN_DATE_FORMAT = 'DD MMM YYYY';
export const WEIGHT_SCREEN_TIME_FORMAT = 'hh:mm A';
export const WEIGHT_SCREEN_TICK_MS = 1000;
