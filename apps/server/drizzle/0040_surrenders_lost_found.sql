CREATE TABLE "surrender" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surrender_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"estado" text DEFAULT 'nueva' NOT NULL,
	"nombre" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"nombre_animal" text NOT NULL,
	"especie" text NOT NULL,
	"sexo" text NOT NULL,
	"edad" text NOT NULL,
	"microchip" text DEFAULT '' NOT NULL,
	"motivo" text NOT NULL,
	"urgencia" text NOT NULL,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notas" text DEFAULT '' NOT NULL,
	"motivo_decision" text DEFAULT '' NOT NULL,
	"persona_id" integer,
	"pet_id" integer,
	"decidido_por" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surrender_estado_check" CHECK ("surrender"."estado" IN ('nueva', 'lista_espera', 'aceptada', 'ingresada', 'rechazada', 'retirada')),
	CONSTRAINT "surrender_urgencia_check" CHECK ("surrender"."urgencia" IN ('baja', 'media', 'alta'))
);
--> statement-breakpoint
CREATE TABLE "lost_found_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lost_found_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'abierto' NOT NULL,
	"especie" text NOT NULL,
	"sexo" text,
	"color" text NOT NULL,
	"tamano" text,
	"microchip" text DEFAULT '' NOT NULL,
	"municipio" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"fecha" date NOT NULL,
	"descripcion" text NOT NULL,
	"contacto" text NOT NULL,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lost_found_report_tipo_check" CHECK ("lost_found_report"."tipo" IN ('perdido', 'encontrado')),
	CONSTRAINT "lost_found_report_estado_check" CHECK ("lost_found_report"."estado" IN ('abierto', 'reunido', 'cerrado'))
);
--> statement-breakpoint
ALTER TABLE "surrender" ADD CONSTRAINT "surrender_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surrender" ADD CONSTRAINT "surrender_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surrender" ADD CONSTRAINT "surrender_decidido_por_user_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surrender_estado" ON "surrender" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "surrender_persona" ON "surrender" USING btree ("persona_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lost_found_report_token" ON "lost_found_report" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "lost_found_report_open" ON "lost_found_report" USING btree ("tipo","especie","vence_en") WHERE "lost_found_report"."estado" = 'abierto';--> statement-breakpoint
CREATE INDEX "lost_found_report_microchip" ON "lost_found_report" USING btree ("microchip") WHERE "lost_found_report"."microchip" <> '';