-- A slip's received pair is a typed back-pointer: received_table names the table of a kind declared to receive a slip
-- (server/src/platform/record-kinds.ts, SLIP_RECEIVERS). No flow writes it yet, so no row needs changing.
ALTER TABLE "loading_slips" ADD CONSTRAINT "loading_slips_received_kind" CHECK ("loading_slips"."received_table" in ('warehouse_ins', 'consignee_ins', 'customer_ins'));
