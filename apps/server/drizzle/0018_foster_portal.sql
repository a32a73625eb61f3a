CREATE TABLE "foster_news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "foster_news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer,
	"persona_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"peso_kg" double precision,
	"cuidado_id" integer,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"decidido_por" text,
	"decidido_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foster_news_estado_check" CHECK ("foster_news"."estado" IN ('pendiente', 'aceptada', 'rechazada'))
);
--> statement-breakpoint
CREATE TABLE "foster_portal_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "foster_portal_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"persona_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"revocado_en" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foster_news" ADD CONSTRAINT "foster_news_link_id_foster_portal_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."foster_portal_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_news" ADD CONSTRAINT "foster_news_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_news" ADD CONSTRAINT "foster_news_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_news" ADD CONSTRAINT "foster_news_cuidado_id_care_record_id_fk" FOREIGN KEY ("cuidado_id") REFERENCES "public"."care_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_news" ADD CONSTRAINT "foster_news_decidido_por_user_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_portal_link" ADD CONSTRAINT "foster_portal_link_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_portal_link" ADD CONSTRAINT "foster_portal_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "foster_news_estado" ON "foster_news" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "foster_news_link" ON "foster_news" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "foster_news_persona" ON "foster_news" USING btree ("persona_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "foster_portal_link_token" ON "foster_portal_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "foster_portal_link_persona" ON "foster_portal_link" USING btree ("persona_id");