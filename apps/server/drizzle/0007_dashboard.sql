CREATE TABLE "org_setting" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_adoption_days" (
	"mes" date NOT NULL,
	"dias" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pet_adoption_days_mes_dias_pk" PRIMARY KEY("mes","dias")
);
--> statement-breakpoint
CREATE TABLE "pet_count" (
	"tipo" text NOT NULL,
	"tamano" text NOT NULL,
	"estado" text NOT NULL,
	"adoptado" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pet_count_tipo_tamano_estado_adoptado_pk" PRIMARY KEY("tipo","tamano","estado","adoptado")
);
--> statement-breakpoint
CREATE TABLE "pet_month" (
	"mes" date PRIMARY KEY NOT NULL,
	"ingresos" integer DEFAULT 0 NOT NULL,
	"adopciones" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_count" (
	"tabla" text NOT NULL,
	"estado" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "request_count_tabla_estado_pk" PRIMARY KEY("tabla","estado")
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "adoptado_en" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pet_live_unpublished" ON "pet" USING btree ("estado","publicar_en") WHERE "pet"."deleted_at" IS NULL AND "pet"."estado" <> 'publicada';