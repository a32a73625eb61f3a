CREATE TABLE "pet_count" (
	"tipo" text NOT NULL,
	"tamano" text NOT NULL,
	"estado" text NOT NULL,
	"adoptado" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pet_count_tipo_tamano_estado_adoptado_pk" PRIMARY KEY("tipo","tamano","estado","adoptado")
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "adoptado_en" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pet_live_adopted_at" ON "pet" USING btree ("adoptado_en") WHERE "pet"."deleted_at" IS NULL AND "pet"."adoptado";--> statement-breakpoint
CREATE INDEX "pet_live_fecha_ingreso" ON "pet" USING btree ("fecha_ingreso") WHERE "pet"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pet_live_unpublished" ON "pet" USING btree ("estado","publicar_en") WHERE "pet"."deleted_at" IS NULL AND "pet"."estado" <> 'publicada';