CREATE TABLE "foster_profile" (
	"persona_id" integer PRIMARY KEY NOT NULL,
	"capacidad" integer NOT NULL,
	"especies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tamanos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"con_ninos" boolean DEFAULT false NOT NULL,
	"con_perros" boolean DEFAULT false NOT NULL,
	"con_gatos" boolean DEFAULT false NOT NULL,
	"no_disponible" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notas" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pet_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"fecha" date NOT NULL,
	"persona_id" integer,
	"motivo" text DEFAULT '' NOT NULL,
	"notas" text DEFAULT '' NOT NULL,
	"cerrada_por" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movement_tipo" CHECK ("movement"."tipo" IN ('ingreso', 'acogida', 'adopcion', 'devolucion', 'traslado', 'fallecimiento'))
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "ubicacion" text DEFAULT 'refugio' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "ubicacion_persona_id" integer;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "ubicacion_desde" date;--> statement-breakpoint
ALTER TABLE "foster_profile" ADD CONSTRAINT "foster_profile_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement" ADD CONSTRAINT "movement_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement" ADD CONSTRAINT "movement_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement" ADD CONSTRAINT "movement_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movement_pet" ON "movement" USING btree ("pet_id","fecha","id");--> statement-breakpoint
CREATE INDEX "movement_persona" ON "movement" USING btree ("persona_id");--> statement-breakpoint
CREATE UNIQUE INDEX "movement_one_open_placement" ON "movement" USING btree ("pet_id") WHERE "movement"."tipo" IN ('acogida', 'adopcion') AND "movement"."cerrada_por" IS NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_ubicacion_persona_id_person_id_fk" FOREIGN KEY ("ubicacion_persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_ubicacion_persona" ON "pet" USING btree ("ubicacion_persona_id");--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_ubicacion" CHECK ("pet"."ubicacion" IN ('refugio', 'acogida', 'adoptado', 'trasladado', 'fallecido'));--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_retirada_borrador" CHECK ("pet"."ubicacion" NOT IN ('trasladado', 'fallecido') OR "pet"."estado" = 'borrador');--> statement-breakpoint
-- Pets adopted before movements existed: an open adoption without a person, so `adoptado` and the open adoption agree.
UPDATE "pet" SET "ubicacion" = 'adoptado', "ubicacion_desde" = coalesce("adoptado_en", "updated_at")::date WHERE "adoptado";--> statement-breakpoint
INSERT INTO "movement" ("pet_id", "tipo", "fecha", "notas")
  SELECT "id", 'adopcion', coalesce("adoptado_en", "updated_at")::date, 'Adopción registrada antes de los movimientos' FROM "pet" WHERE "adoptado";
