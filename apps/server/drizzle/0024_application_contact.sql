ALTER TABLE "adoption_request" ADD COLUMN "contacto_email" text;--> statement-breakpoint
ALTER TABLE "adoption_request" ADD COLUMN "contacto_telefono" text;--> statement-breakpoint
ALTER TABLE "adoption_request" ADD COLUMN "contacto_confirmado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoption_request" ADD COLUMN "contacto_confirmado_por" text;