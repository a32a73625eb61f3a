CREATE TABLE "shift" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tarea" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"dia" date NOT NULL,
	"plazas" integer NOT NULL,
	"lugar" text,
	"notas" text,
	"plantilla_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_plazas_check" CHECK ("shift"."plazas" > 0),
	CONSTRAINT "shift_fin_check" CHECK ("shift"."fin" > "shift"."inicio")
);
--> statement-breakpoint
CREATE TABLE "shift_signup" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_signup_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"turno_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	"estado" text DEFAULT 'apuntado' NOT NULL,
	"minutos" integer,
	"recordado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_signup_estado_check" CHECK ("shift_signup"."estado" IN ('apuntado', 'cancelado', 'asistio', 'no_asistio'))
);
--> statement-breakpoint
CREATE TABLE "shift_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tarea" text NOT NULL,
	"dias_semana" jsonb NOT NULL,
	"hora_inicio" text NOT NULL,
	"hora_fin" text NOT NULL,
	"plazas" integer NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	"lugar" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_template_plazas_check" CHECK ("shift_template"."plazas" > 0)
);
--> statement-breakpoint
CREATE TABLE "volunteer_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "volunteer_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"persona_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"revocado_en" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_profile" (
	"persona_id" integer PRIMARY KEY NOT NULL,
	"tareas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disponibilidad" text DEFAULT '' NOT NULL,
	"formacion" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acuerdo_documento_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_plantilla_id_shift_template_id_fk" FOREIGN KEY ("plantilla_id") REFERENCES "public"."shift_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signup" ADD CONSTRAINT "shift_signup_turno_id_shift_id_fk" FOREIGN KEY ("turno_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signup" ADD CONSTRAINT "shift_signup_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_template" ADD CONSTRAINT "shift_template_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_link" ADD CONSTRAINT "volunteer_link_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_link" ADD CONSTRAINT "volunteer_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profile" ADD CONSTRAINT "volunteer_profile_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profile" ADD CONSTRAINT "volunteer_profile_acuerdo_documento_id_document_id_fk" FOREIGN KEY ("acuerdo_documento_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_inicio" ON "shift" USING btree ("inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_plantilla_dia" ON "shift" USING btree ("plantilla_id","dia");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_signup_turno_persona" ON "shift_signup" USING btree ("turno_id","persona_id");--> statement-breakpoint
CREATE INDEX "shift_signup_persona" ON "shift_signup" USING btree ("persona_id");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_link_token" ON "volunteer_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "volunteer_link_persona" ON "volunteer_link" USING btree ("persona_id");