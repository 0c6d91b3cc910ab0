-- Out-turn reversal (issue #10): an approved voyage or BL out-turn can be reversed; the row keeps who, when and why,
-- its status becomes Reversed, and a reversed out-turn no longer holds the one-live-out-turn-per-voyage/BL place.
ALTER TABLE "quantity_approvals" DROP CONSTRAINT "quantity_approvals_status_check";--> statement-breakpoint
ALTER TABLE "voyage_approvals" DROP CONSTRAINT "voyage_approvals_status_check";--> statement-breakpoint
DROP INDEX "quantity_approvals_shipment_unique";--> statement-breakpoint
DROP INDEX "voyage_approvals_voyage_unique";--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD COLUMN "reverse_reason" text;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD COLUMN "reverse_reason" text;--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD CONSTRAINT "voyage_approvals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quantity_approvals_shipment_unique" ON "quantity_approvals" USING btree ("shipment_id") WHERE "quantity_approvals"."status" <> 'Reversed';--> statement-breakpoint
CREATE UNIQUE INDEX "voyage_approvals_voyage_unique" ON "voyage_approvals" USING btree ("voyage_id") WHERE "voyage_approvals"."status" <> 'Reversed';--> statement-breakpoint
ALTER TABLE "quantity_approvals" ADD CONSTRAINT "quantity_approvals_status_check" CHECK ("quantity_approvals"."status" in ('Pending', 'Approved', 'Rejected', 'Reversed'));--> statement-breakpoint
ALTER TABLE "voyage_approvals" ADD CONSTRAINT "voyage_approvals_status_check" CHECK ("voyage_approvals"."status" in ('Pending', 'Approved', 'Rejected', 'Reversed'));