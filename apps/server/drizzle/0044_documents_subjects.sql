ALTER TABLE "document" DROP CONSTRAINT "document_tipo_check";--> statement-breakpoint
ALTER TABLE "document" DROP CONSTRAINT "document_origin_check";--> statement-breakpoint
ALTER TABLE "document" ALTER COLUMN "pet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document" ALTER COLUMN "persona_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "cesion_id" integer;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_cesion_id_surrender_id_fk" FOREIGN KEY ("cesion_id") REFERENCES "public"."surrender"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_live_per_surrender" ON "document" USING btree ("cesion_id") WHERE "document"."estado" <> 'anulado' AND "document"."cesion_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "document_cesion" ON "document" USING btree ("cesion_id");--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_tipo_check" CHECK ("document"."tipo" IN ('contrato_adopcion', 'acta_devolucion', 'contrato_cesion', 'acuerdo_voluntariado', 'contrato_acogida'));--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_origin_check" CHECK (("document"."tipo" = 'contrato_adopcion' AND "document"."solicitud_id" IS NOT NULL AND "document"."pet_id" IS NOT NULL AND "document"."persona_id" IS NOT NULL AND "document"."cesion_id" IS NULL)
        OR ("document"."tipo" = 'acta_devolucion' AND "document"."movimiento_id" IS NOT NULL AND "document"."pet_id" IS NOT NULL AND "document"."persona_id" IS NOT NULL AND "document"."cesion_id" IS NULL)
        OR ("document"."tipo" = 'contrato_cesion' AND "document"."cesion_id" IS NOT NULL AND "document"."solicitud_id" IS NULL AND "document"."movimiento_id" IS NULL)
        OR ("document"."tipo" IN ('acuerdo_voluntariado', 'contrato_acogida') AND "document"."persona_id" IS NOT NULL AND "document"."pet_id" IS NULL
          AND "document"."solicitud_id" IS NULL AND "document"."movimiento_id" IS NULL AND "document"."cesion_id" IS NULL));