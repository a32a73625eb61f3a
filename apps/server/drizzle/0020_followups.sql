CREATE TABLE "followup" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "followup_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adopcion_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"persona_id" integer,
	"tipo" text NOT NULL,
	"vence" date NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"token_hash" text,
	"enlace_vence_en" timestamp with time zone,
	"enviado_en" timestamp with time zone,
	"recordado_en" timestamp with time zone,
	"como_va" text,
	"comentario" text DEFAULT '' NOT NULL,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"respondido_en" timestamp with time zone,
	"atendido_en" timestamp with time zone,
	"atendido_por" text,
	"hecho_en" timestamp with time zone,
	"hecho_por" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followup_tipo_check" CHECK ("followup"."tipo" IN ('seguimiento', 'esterilizacion', 'cambio_titularidad_microchip')),
	CONSTRAINT "followup_estado_check" CHECK ("followup"."estado" IN ('pendiente', 'enviado', 'respondido', 'hecho', 'anulado')),
	CONSTRAINT "followup_como_va_check" CHECK ("followup"."como_va" IS NULL OR "followup"."como_va" IN ('bien', 'regular', 'necesito_ayuda'))
);
--> statement-breakpoint
ALTER TABLE "staff_notice" ADD COLUMN "seguimientos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "followup" ADD CONSTRAINT "followup_adopcion_id_movement_id_fk" FOREIGN KEY ("adopcion_id") REFERENCES "public"."movement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup" ADD CONSTRAINT "followup_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup" ADD CONSTRAINT "followup_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup" ADD CONSTRAINT "followup_atendido_por_user_id_fk" FOREIGN KEY ("atendido_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup" ADD CONSTRAINT "followup_hecho_por_user_id_fk" FOREIGN KEY ("hecho_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "followup_token" ON "followup" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "followup_estado_vence" ON "followup" USING btree ("estado","vence");--> statement-breakpoint
CREATE INDEX "followup_pet" ON "followup" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "followup_persona" ON "followup" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "followup_adopcion" ON "followup" USING btree ("adopcion_id");