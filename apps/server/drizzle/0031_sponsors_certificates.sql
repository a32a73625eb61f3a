CREATE TABLE "donation_certificate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donation_certificate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"persona_id" integer NOT NULL,
	"anio" integer NOT NULL,
	"estado" text DEFAULT 'programado' NOT NULL,
	"importe_centimos" integer,
	"archivo" text,
	"mensaje_id" integer,
	"motivo" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_certificate_persona_anio" UNIQUE("persona_id","anio"),
	CONSTRAINT "donation_certificate_estado" CHECK ("donation_certificate"."estado" IN ('programado', 'enviado', 'omitido'))
);
--> statement-breakpoint
CREATE TABLE "sponsor_update" (
	"fee_id" integer PRIMARY KEY NOT NULL,
	"ultimo_envio" timestamp with time zone NOT NULL,
	"mensaje_id" integer
);
--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "recibir_novedades" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "decision_pendiente" text;--> statement-breakpoint
ALTER TABLE "donation_certificate" ADD CONSTRAINT "donation_certificate_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_certificate" ADD CONSTRAINT "donation_certificate_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_update" ADD CONSTRAINT "sponsor_update_fee_id_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_decision_pendiente" CHECK ("fee"."decision_pendiente" IS NULL OR "fee"."decision_pendiente" IN ('adopcion', 'fallecimiento'));