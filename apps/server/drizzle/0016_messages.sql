CREATE TABLE "message" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"persona_id" integer,
	"canal" text NOT NULL,
	"plantilla" text,
	"para_nombre" text NOT NULL,
	"para_email" text,
	"para_telefono" text,
	"asunto" text NOT NULL,
	"cuerpo" text NOT NULL,
	"html" text,
	"estado" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"error" text,
	"relacion_entidad" text,
	"relacion_id" text,
	"creado_por" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp with time zone,
	CONSTRAINT "message_canal" CHECK ("message"."canal" IN ('email', 'whatsapp')),
	CONSTRAINT "message_estado_valido" CHECK ("message"."estado" IN ('pendiente', 'enviado', 'fallido', 'sin_configurar', 'registrado'))
);
--> statement-breakpoint
CREATE TABLE "message_template" (
	"clave" text PRIMARY KEY NOT NULL,
	"asunto" text NOT NULL,
	"cuerpo" text NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notice" (
	"user_id" text PRIMARY KEY NOT NULL,
	"solicitudes" boolean DEFAULT false NOT NULL,
	"registros" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_creado_por_user_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notice" ADD CONSTRAINT "staff_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_persona" ON "message" USING btree ("persona_id","creado_en" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_estado" ON "message" USING btree ("estado","creado_en" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_relacion" ON "message" USING btree ("relacion_entidad","relacion_id");