CREATE TABLE "foster_offer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "foster_offer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pet_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	"canal" text NOT NULL,
	"token_hash" text NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"revocado_en" timestamp with time zone,
	"respuesta" text,
	"respondida_en" timestamp with time zone,
	"colocada_en" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foster_offer_canal_check" CHECK ("foster_offer"."canal" IN ('email', 'whatsapp')),
	CONSTRAINT "foster_offer_respuesta_check" CHECK ("foster_offer"."respuesta" IS NULL OR "foster_offer"."respuesta" IN ('si', 'no'))
);
--> statement-breakpoint
ALTER TABLE "staff_notice" ADD COLUMN "turnos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "foster_offer" ADD CONSTRAINT "foster_offer_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_offer" ADD CONSTRAINT "foster_offer_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_offer" ADD CONSTRAINT "foster_offer_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "foster_offer_token" ON "foster_offer" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "foster_offer_pet" ON "foster_offer" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "foster_offer_persona" ON "foster_offer" USING btree ("persona_id");