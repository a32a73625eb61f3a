ALTER TABLE "gift" DROP CONSTRAINT "gift_estado";--> statement-breakpoint
ALTER TABLE "gift" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "gift" ADD COLUMN "mandato_referencia" text;--> statement-breakpoint
ALTER TABLE "gift" ADD COLUMN "mandato_fecha_firma" date;--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_pending_has_mandate" CHECK ("gift"."estado" <> 'pendiente' OR ("gift"."metodo" = 'domiciliacion' AND "gift"."iban" IS NOT NULL AND "gift"."mandato_referencia" IS NOT NULL AND "gift"."mandato_fecha_firma" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_iban_only_direct_debit" CHECK ("gift"."metodo" = 'domiciliacion' OR "gift"."iban" IS NULL);--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_estado" CHECK ("gift"."estado" IN ('registrado', 'anulado', 'devuelto', 'pendiente'));