CREATE TABLE "person" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "person_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"apellidos" text DEFAULT '' NOT NULL,
	"email" text,
	"telefono" text,
	"documento" text DEFAULT '' NOT NULL,
	"ciudad" text DEFAULT '' NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bloqueado" boolean DEFAULT false NOT NULL,
	"motivo_bloqueo" text DEFAULT '' NOT NULL,
	"consentimiento_email" boolean DEFAULT false NOT NULL,
	"consentimiento_email_en" timestamp with time zone,
	"consentimiento_email_fuente" text DEFAULT '' NOT NULL,
	"consentimiento_whatsapp" boolean DEFAULT false NOT NULL,
	"consentimiento_whatsapp_en" timestamp with time zone,
	"consentimiento_whatsapp_fuente" text DEFAULT '' NOT NULL,
	"anonimizada_en" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"nombre_clave" text GENERATED ALWAYS AS (split_part(refugio_fold(btrim("person"."nombre")), ' ', 1)) STORED,
	"search_text" text GENERATED ALWAYS AS (refugio_fold("person"."nombre" || ' ' || "person"."apellidos" || ' ' || coalesce("person"."email", '') || ' ' || coalesce("person"."telefono", '') || ' ' || "person"."documento")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_duplicate" (
	"persona_a" integer NOT NULL,
	"persona_b" integer NOT NULL,
	"motivos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"descartado_en" timestamp with time zone,
	"descartado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_duplicate_persona_a_persona_b_pk" PRIMARY KEY("persona_a","persona_b"),
	CONSTRAINT "person_duplicate_order" CHECK ("person_duplicate"."persona_a" < "person_duplicate"."persona_b")
);
--> statement-breakpoint
ALTER TABLE "adoption_request" ADD COLUMN "persona_id" integer;--> statement-breakpoint
ALTER TABLE "adoption_request" ADD COLUMN "alerta" text;--> statement-breakpoint
ALTER TABLE "enlace_registro" ADD COLUMN "persona_id" integer;--> statement-breakpoint
ALTER TABLE "publication_request" ADD COLUMN "persona_id" integer;--> statement-breakpoint
ALTER TABLE "person_duplicate" ADD CONSTRAINT "person_duplicate_persona_a_person_id_fk" FOREIGN KEY ("persona_a") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_duplicate" ADD CONSTRAINT "person_duplicate_persona_b_person_id_fk" FOREIGN KEY ("persona_b") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_duplicate" ADD CONSTRAINT "person_duplicate_descartado_por_user_id_fk" FOREIGN KEY ("descartado_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_email" ON "person" USING btree ("email");--> statement-breakpoint
CREATE INDEX "person_telefono" ON "person" USING btree ("telefono");--> statement-breakpoint
CREATE INDEX "person_search_trgm" ON "person" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "person_updated" ON "person" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "person_duplicate_b" ON "person_duplicate" USING btree ("persona_b");--> statement-breakpoint
ALTER TABLE "adoption_request" ADD CONSTRAINT "adoption_request_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlace_registro" ADD CONSTRAINT "enlace_registro_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_request" ADD CONSTRAINT "publication_request_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adoption_request_persona" ON "adoption_request" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "enlace_registro_persona" ON "enlace_registro" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "publication_request_persona" ON "publication_request" USING btree ("persona_id");--> statement-breakpoint
-- The applications, registrations and links made before persons existed are linked by a one-off job (the
-- linking rule needs the phone normalisation of lib/contact.ts), oldest first; enqueued only when there are any.
INSERT INTO "job" ("name", "payload", "max_attempts", "unique_key")
SELECT 'personas.vincular-existentes', '{}'::jsonb, 10, 'personas.vincular-existentes'
WHERE EXISTS (SELECT 1 FROM "adoption_request") OR EXISTS (SELECT 1 FROM "publication_request")
   OR EXISTS (SELECT 1 FROM "enlace_registro" WHERE "email" <> '' OR "telefono" <> '')
ON CONFLICT DO NOTHING;
