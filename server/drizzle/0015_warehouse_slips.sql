ALTER TABLE "consignee_ins" DROP CONSTRAINT "consignee_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "customer_ins" DROP CONSTRAINT "customer_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" DROP CONSTRAINT "warehouse_pre_ins_slip_kind";--> statement-breakpoint
ALTER TABLE "warehouse_outs" DROP CONSTRAINT "warehouse_outs_received_kind";--> statement-breakpoint
ALTER TABLE "consignee_ins" ADD CONSTRAINT "consignee_ins_slip_kind" CHECK ("consignee_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip'));--> statement-breakpoint
ALTER TABLE "customer_ins" ADD CONSTRAINT "customer_ins_slip_kind" CHECK ("customer_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip'));--> statement-breakpoint
ALTER TABLE "warehouse_pre_ins" ADD CONSTRAINT "warehouse_pre_ins_slip_kind" CHECK ("warehouse_pre_ins"."slip_kind" in ('loadingSlip', 'warehouseLoadingSlip'));--> statement-breakpoint
ALTER TABLE "warehouse_outs" ADD CONSTRAINT "warehouse_outs_received_kind" CHECK ("warehouse_outs"."received_table" in ('warehouse_ins', 'consignee_ins', 'customer_ins'));