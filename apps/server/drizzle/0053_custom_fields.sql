-- The organisation's own fields (DESIGN section 21): their definitions, and the values kept with each pet and person
-- (`campos`, keyed by the field's `clave`; a GIN index serves the list's filter and a field's uses).
CREATE TABLE "custom_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad" text NOT NULL,
	"clave" text NOT NULL,
	"etiqueta" text NOT NULL,
	"tipo" text NOT NULL,
	"opciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"especies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"obligatorio" boolean DEFAULT false NOT NULL,
	"publico" boolean DEFAULT false NOT NULL,
	"sensible" boolean DEFAULT false NOT NULL,
	"ayuda" text,
	"orden" integer DEFAULT 0 NOT NULL,
	"archivado" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_entidad_clave" UNIQUE("entidad","clave"),
	CONSTRAINT "custom_field_entidad" CHECK ("custom_field"."entidad" in ('mascota', 'persona'))
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "campos" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "campos" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "pet_campos_gin" ON "pet" USING gin ("campos");--> statement-breakpoint
CREATE INDEX "person_campos_gin" ON "person" USING gin ("campos");--> statement-breakpoint
-- A definition decides what the public catalogue shows of a pet (its `publico` fields, their labels and options):
-- any change of one is announced as a change of every pet (definitions change seldom), so cached answers go.
CREATE OR REPLACE FUNCTION refugio_custom_field_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('refugio_cambios', 'pet:*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER custom_field_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_field" FOR EACH STATEMENT EXECUTE FUNCTION refugio_custom_field_changed();
