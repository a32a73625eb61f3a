CREATE TABLE "adoption_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adoption_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pet_id" integer NOT NULL,
	"estado" text DEFAULT 'nueva' NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"edad" integer NOT NULL,
	"ciudad" text NOT NULL,
	"direccion" text NOT NULL,
	"vivienda" text NOT NULL,
	"vivienda_propia" boolean NOT NULL,
	"permite_mascotas" boolean,
	"patio" boolean NOT NULL,
	"personas_en_casa" integer NOT NULL,
	"ninos_en_casa" integer NOT NULL,
	"horas_solo" integer NOT NULL,
	"otras_mascotas" text DEFAULT '' NOT NULL,
	"experiencia" text DEFAULT '' NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"acepta_visita" boolean NOT NULL,
	"acepta_privacidad" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (refugio_fold("adoption_request"."nombre" || ' ' || "adoption_request"."email" || ' ' || "adoption_request"."telefono")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adoption_request_estado_valid" CHECK ("adoption_request"."estado" IN ('nueva', 'en_revision', 'aprobada', 'rechazada', 'retirada')),
	CONSTRAINT "adoption_request_vivienda_valid" CHECK ("adoption_request"."vivienda" IN ('casa', 'departamento', 'otro')),
	CONSTRAINT "adoption_request_edad_adult" CHECK ("adoption_request"."edad" >= 18),
	CONSTRAINT "adoption_request_horas_solo" CHECK ("adoption_request"."horas_solo" BETWEEN 0 AND 24)
);
--> statement-breakpoint
CREATE TABLE "adoption_request_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adoption_request_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"de_estado" text,
	"a_estado" text,
	"nota" text DEFAULT '' NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adoption_request_event_tipo" CHECK ("adoption_request_event"."tipo" IN ('estado', 'nota'))
);
--> statement-breakpoint
CREATE TABLE "enlace_registro" (
	"id" text PRIMARY KEY NOT NULL,
	"paquete_id" integer NOT NULL,
	"destinatario" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"cupo" integer NOT NULL,
	"usados" integer DEFAULT 0 NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"revocado_en" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enlace_registro_usados" CHECK ("enlace_registro"."usados" >= 0 AND "enlace_registro"."usados" <= "enlace_registro"."cupo")
);
--> statement-breakpoint
CREATE TABLE "paquete" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paquete_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"cupo" integer NOT NULL,
	"dias_vigencia" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paquete_cupo" CHECK ("paquete"."cupo" >= 1),
	CONSTRAINT "paquete_dias_vigencia" CHECK ("paquete"."dias_vigencia" >= 1)
);
--> statement-breakpoint
CREATE TABLE "publication_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publication_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"enlace_id" text,
	"nombre" text NOT NULL,
	"edad" text NOT NULL,
	"tipo" text NOT NULL,
	"genero" text NOT NULL,
	"tamano" text NOT NULL,
	"discapacidad" boolean DEFAULT false NOT NULL,
	"personalidad" text DEFAULT '' NOT NULL,
	"historia" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contacto_nombre" text NOT NULL,
	"contacto_email" text NOT NULL,
	"contacto_telefono" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"motivo_rechazo" text,
	"mascota_id" integer,
	"decidido_por" text,
	"decidido_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_request_estado_valid" CHECK ("publication_request"."estado" IN ('pendiente', 'aprobada', 'rechazada')),
	CONSTRAINT "publication_request_tipo" CHECK ("publication_request"."tipo" IN ('Perro', 'Gato', 'Conejo')),
	CONSTRAINT "publication_request_genero" CHECK ("publication_request"."genero" IN ('macho', 'hembra')),
	CONSTRAINT "publication_request_tamano" CHECK ("publication_request"."tamano" IN ('chico', 'mediano', 'grande'))
);
--> statement-breakpoint
ALTER TABLE "adoption_request" ADD CONSTRAINT "adoption_request_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_request_event" ADD CONSTRAINT "adoption_request_event_request_id_adoption_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."adoption_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_request_event" ADD CONSTRAINT "adoption_request_event_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlace_registro" ADD CONSTRAINT "enlace_registro_paquete_id_paquete_id_fk" FOREIGN KEY ("paquete_id") REFERENCES "public"."paquete"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlace_registro" ADD CONSTRAINT "enlace_registro_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquete" ADD CONSTRAINT "paquete_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_request" ADD CONSTRAINT "publication_request_enlace_id_enlace_registro_id_fk" FOREIGN KEY ("enlace_id") REFERENCES "public"."enlace_registro"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_request" ADD CONSTRAINT "publication_request_mascota_id_pet_id_fk" FOREIGN KEY ("mascota_id") REFERENCES "public"."pet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_request" ADD CONSTRAINT "publication_request_decidido_por_user_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adoption_request_estado" ON "adoption_request" USING btree ("estado","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "adoption_request_pet" ON "adoption_request" USING btree ("pet_id","estado");--> statement-breakpoint
CREATE INDEX "adoption_request_created" ON "adoption_request" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "adoption_request_search_trgm" ON "adoption_request" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "adoption_request_duplicate" ON "adoption_request" USING btree ("pet_id",lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "adoption_request_event_request" ON "adoption_request_event" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "enlace_registro_paquete" ON "enlace_registro" USING btree ("paquete_id");--> statement-breakpoint
CREATE INDEX "enlace_registro_created" ON "enlace_registro" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publication_request_estado" ON "publication_request" USING btree ("estado","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publication_request_enlace" ON "publication_request" USING btree ("enlace_id");