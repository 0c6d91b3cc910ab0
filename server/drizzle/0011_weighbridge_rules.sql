ALTER TABLE "weight_machines" ADD COLUMN "indicator_format" text DEFAULT 'toledo' NOT NULL;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "stable_seconds" numeric(12, 1) DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "motion_band" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "threshold" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "zero_band" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "stale_ms" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "min_gross" integer;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "max_gross" integer DEFAULT 80000;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "min_net" integer;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "max_net" integer;--> statement-breakpoint
ALTER TABLE "weight_machines" ADD COLUMN "min_difference" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
CREATE INDEX "weight_machines_indicator_format_idx" ON "weight_machines" USING btree ("agency_id","indicator_format");