ALTER TABLE "fee" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "deudor_direccion" text;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "deudor_localidad" text;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "deudor_pais" text;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD COLUMN "deudor_direccion" text;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD COLUMN "deudor_localidad" text;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD COLUMN "deudor_pais" text;