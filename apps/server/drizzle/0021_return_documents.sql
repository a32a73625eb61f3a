ALTER TABLE "document" DROP CONSTRAINT "document_tipo_check";--> statement-breakpoint
ALTER TABLE "document" ALTER COLUMN "solicitud_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "movimiento_id" integer;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_movimiento_id_movement_id_fk" FOREIGN KEY ("movimiento_id") REFERENCES "public"."movement"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_live_per_movement" ON "document" USING btree ("movimiento_id") WHERE "document"."estado" <> 'anulado' AND "document"."movimiento_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "document_movimiento" ON "document" USING btree ("movimiento_id");--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_origin_check" CHECK (("document"."tipo" = 'contrato_adopcion' AND "document"."solicitud_id" IS NOT NULL) OR ("document"."tipo" = 'acta_devolucion' AND "document"."movimiento_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_tipo_check" CHECK ("document"."tipo" IN ('contrato_adopcion', 'acta_devolucion'));