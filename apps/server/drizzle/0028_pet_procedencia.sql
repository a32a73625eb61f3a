ALTER TABLE "pet" ADD COLUMN "procedencia" text;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "procedencia_detalle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_procedencia" CHECK ("pet"."procedencia" IS NULL OR "pet"."procedencia" IN ('abandono', 'cesion', 'rescate', 'extraviado', 'nacimiento', 'traslado', 'decomiso', 'otra'));