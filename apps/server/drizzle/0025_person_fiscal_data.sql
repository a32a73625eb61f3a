ALTER TABLE "person" ADD COLUMN "nif" text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "codigo_postal" text;