ALTER TABLE "consignee_to_shipment_manager_loans" ADD COLUMN "transfer_slip_id" integer;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD COLUMN "transfer_slip_id" integer;--> statement-breakpoint
ALTER TABLE "consignee_to_shipment_manager_loans" ADD CONSTRAINT "consignee_to_shipment_manager_loans_transfer_slip_id_transfer_slips_id_fk" FOREIGN KEY ("transfer_slip_id") REFERENCES "public"."transfer_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_returns" ADD CONSTRAINT "loan_returns_transfer_slip_id_transfer_slips_id_fk" FOREIGN KEY ("transfer_slip_id") REFERENCES "public"."transfer_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignee_to_shipment_manager_loans_transfer_slip_idx" ON "consignee_to_shipment_manager_loans" USING btree ("transfer_slip_id");--> statement-breakpoint
CREATE INDEX "loan_returns_transfer_slip_idx" ON "loan_returns" USING btree ("transfer_slip_id");