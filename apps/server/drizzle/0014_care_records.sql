CREATE TABLE "care_attachment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_attachment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"clave" text NOT NULL,
	"tipo" text NOT NULL,
	"bytes" integer NOT NULL,
	"content_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_attachment_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE TABLE "care_protocol" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_protocol_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"tipo_mascota" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"pasos" jsonb NOT NULL,
	"predeterminado" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_record" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pet_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"fecha_programada" date,
	"fecha_realizada" date,
	"repetir_cada_dias" integer,
	"dosis" text DEFAULT '' NOT NULL,
	"lote" text DEFAULT '' NOT NULL,
	"veterinario" text DEFAULT '' NOT NULL,
	"resultado" text DEFAULT '' NOT NULL,
	"peso_kg" double precision,
	"coste_centimos" integer,
	"notas" text DEFAULT '' NOT NULL,
	"protocolo_id" integer,
	"mascota_activa" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_record_tipo" CHECK ("care_record"."tipo" IN ('vacuna', 'desparasitacion_interna', 'desparasitacion_externa', 'test', 'tratamiento', 'cirugia', 'esterilizacion', 'revision', 'peso')),
	CONSTRAINT "care_record_fecha" CHECK ("care_record"."fecha_programada" IS NOT NULL OR "care_record"."fecha_realizada" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "raza" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "fecha_nacimiento" date;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "fecha_nacimiento_aprox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "microchip" text;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "esterilizado" text DEFAULT 'desconocido' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "fecha_esterilizacion" date;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "peso_kg" double precision;--> statement-breakpoint
ALTER TABLE "care_attachment" ADD CONSTRAINT "care_attachment_record_id_care_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_attachment" ADD CONSTRAINT "care_attachment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_record" ADD CONSTRAINT "care_record_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_record" ADD CONSTRAINT "care_record_protocolo_id_care_protocol_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."care_protocol"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_record" ADD CONSTRAINT "care_record_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_record" ADD CONSTRAINT "care_record_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_attachment_record" ON "care_attachment" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "care_record_pet" ON "care_record" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "care_record_due" ON "care_record" USING btree ("fecha_programada","id") WHERE "care_record"."fecha_realizada" IS NULL AND "care_record"."mascota_activa";--> statement-breakpoint
CREATE INDEX "care_record_due_tipo" ON "care_record" USING btree ("tipo","fecha_programada","id") WHERE "care_record"."fecha_realizada" IS NULL AND "care_record"."mascota_activa";--> statement-breakpoint
CREATE UNIQUE INDEX "pet_live_microchip" ON "pet" USING btree ("microchip") WHERE "pet"."deleted_at" IS NULL AND "pet"."microchip" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_esterilizado" CHECK ("pet"."esterilizado" IN ('si', 'no', 'desconocido'));--> statement-breakpoint
-- "What is due" reads only pets in the shelter (not deleted, not adopted): care_record.mascota_activa mirrors the
-- pet's state, set when a record is inserted and whenever the pet is adopted, deleted, restored or un-adopted.
CREATE OR REPLACE FUNCTION refugio_care_record_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.deleted_at IS NULL AND NOT p.adoptado INTO NEW.mascota_activa FROM pet p WHERE p.id = NEW.pet_id;
  NEW.mascota_activa := coalesce(NEW.mascota_activa, false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER care_record_insert_state
  BEFORE INSERT OR UPDATE OF pet_id, fecha_realizada ON care_record
  FOR EACH ROW EXECUTE FUNCTION refugio_care_record_insert();--> statement-breakpoint
CREATE OR REPLACE FUNCTION refugio_care_record_pet_state() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.deleted_at IS NULL AND NOT OLD.adoptado) IS DISTINCT FROM (NEW.deleted_at IS NULL AND NOT NEW.adoptado) THEN
    UPDATE care_record SET mascota_activa = (NEW.deleted_at IS NULL AND NOT NEW.adoptado)
     WHERE pet_id = NEW.id AND fecha_realizada IS NULL;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER care_record_pet_state
  AFTER UPDATE OF adoptado, deleted_at ON pet
  FOR EACH ROW EXECUTE FUNCTION refugio_care_record_pet_state();--> statement-breakpoint
-- Default protocols: a starting point for the organisation's veterinarian, who reviews and adapts them.
INSERT INTO care_protocol (nombre, tipo_mascota, nota, predeterminado, pasos) VALUES
('Cachorro (primovacunación desde las 6-8 semanas)', 'Perro', 'Punto de partida: revisadlo con vuestro veterinario', true, '[
  {"tipo": "vacuna", "nombre": "Primera vacuna (parvovirus y moquillo), 6-8 semanas", "diasDesdeInicio": 0, "repetirCadaDias": null},
  {"tipo": "vacuna", "nombre": "Segunda vacuna (polivalente), 10-12 semanas", "diasDesdeInicio": 28, "repetirCadaDias": null},
  {"tipo": "vacuna", "nombre": "Tercera vacuna (polivalente), 14-16 semanas", "diasDesdeInicio": 56, "repetirCadaDias": null},
  {"tipo": "vacuna", "nombre": "Rabia", "diasDesdeInicio": 70, "repetirCadaDias": 365},
  {"tipo": "vacuna", "nombre": "Refuerzo anual (polivalente)", "diasDesdeInicio": 421, "repetirCadaDias": 365},
  {"tipo": "desparasitacion_interna", "nombre": "Desparasitación interna", "diasDesdeInicio": 0, "repetirCadaDias": 90},
  {"tipo": "desparasitacion_externa", "nombre": "Desparasitación externa (pipeta o collar)", "diasDesdeInicio": 0, "repetirCadaDias": 30}
]'::jsonb),
('Perro adulto', 'Perro', 'Punto de partida: revisadlo con vuestro veterinario', true, '[
  {"tipo": "vacuna", "nombre": "Polivalente", "diasDesdeInicio": 0, "repetirCadaDias": 365},
  {"tipo": "vacuna", "nombre": "Rabia", "diasDesdeInicio": 0, "repetirCadaDias": 365},
  {"tipo": "desparasitacion_interna", "nombre": "Desparasitación interna", "diasDesdeInicio": 0, "repetirCadaDias": 90},
  {"tipo": "desparasitacion_externa", "nombre": "Desparasitación externa (pipeta o collar)", "diasDesdeInicio": 0, "repetirCadaDias": 30}
]'::jsonb),
('Gatito (primovacunación desde las 8 semanas)', 'Gato', 'Punto de partida: revisadlo con vuestro veterinario', true, '[
  {"tipo": "vacuna", "nombre": "Primera trivalente (panleucopenia, calicivirus, rinotraqueítis), 8 semanas", "diasDesdeInicio": 0, "repetirCadaDias": null},
  {"tipo": "vacuna", "nombre": "Segunda trivalente, 12 semanas", "diasDesdeInicio": 28, "repetirCadaDias": null},
  {"tipo": "vacuna", "nombre": "Rabia", "diasDesdeInicio": 56, "repetirCadaDias": 365},
  {"tipo": "vacuna", "nombre": "Refuerzo anual (trivalente)", "diasDesdeInicio": 393, "repetirCadaDias": 365},
  {"tipo": "desparasitacion_interna", "nombre": "Desparasitación interna", "diasDesdeInicio": 0, "repetirCadaDias": 90},
  {"tipo": "desparasitacion_externa", "nombre": "Desparasitación externa (pipeta)", "diasDesdeInicio": 0, "repetirCadaDias": 30}
]'::jsonb),
('Conejo', 'Conejo', 'Punto de partida: revisadlo con vuestro veterinario', true, '[
  {"tipo": "vacuna", "nombre": "Mixomatosis", "diasDesdeInicio": 0, "repetirCadaDias": 365},
  {"tipo": "vacuna", "nombre": "Enfermedad hemorrágica vírica (VHD-1/VHD-2)", "diasDesdeInicio": 14, "repetirCadaDias": 365},
  {"tipo": "desparasitacion_interna", "nombre": "Desparasitación interna", "diasDesdeInicio": 0, "repetirCadaDias": 90}
]'::jsonb);
--> statement-breakpoint
-- The public badges (vacunado, desparasitado) are read from the care records: a change to them is a change of the
-- pet for the caches that listen to the change feed (0010_change_feed).
CREATE TRIGGER care_record_changed_insert AFTER INSERT ON "care_record" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
--> statement-breakpoint
CREATE TRIGGER care_record_changed_update AFTER UPDATE ON "care_record" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
--> statement-breakpoint
CREATE TRIGGER care_record_changed_delete AFTER DELETE ON "care_record" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
