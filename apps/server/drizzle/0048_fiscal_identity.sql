CREATE TABLE "modelo182_presentacion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modelo182_presentacion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"anio" integer NOT NULL,
	"presentada_en" date NOT NULL,
	"justificante" text NOT NULL,
	"tipo" text NOT NULL,
	"justificante_anterior" text,
	"declarados" jsonb NOT NULL,
	"numero" integer NOT NULL,
	"importe_total_centimos" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelo182_presentacion_justificante" UNIQUE("justificante"),
	CONSTRAINT "modelo182_presentacion_tipo" CHECK ("modelo182_presentacion"."tipo" IN ('normal', 'complementaria', 'sustitutiva'))
);
--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "pais" text;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "datos_enviados" jsonb;--> statement-breakpoint
ALTER TABLE "gift" ADD COLUMN "deducible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gift" ADD COLUMN "datos_enviados" jsonb;--> statement-breakpoint
ALTER TABLE "modelo182_presentacion" ADD CONSTRAINT "modelo182_presentacion_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modelo182_presentacion_anio" ON "modelo182_presentacion" USING btree ("anio","id");--> statement-breakpoint
UPDATE "gift" SET "deducible" = false WHERE "concepto" IN ('evento', 'otro');
