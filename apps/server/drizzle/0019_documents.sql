CREATE TABLE "adoption_fee" (
	"solicitud_id" integer PRIMARY KEY NOT NULL,
	"cuota_centimos" integer NOT NULL,
	"metodo_pago" text NOT NULL,
	"pagado" boolean DEFAULT false NOT NULL,
	"fecha_pago" date,
	"referencia" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adoption_fee_amount_check" CHECK ("adoption_fee"."cuota_centimos" >= 0 AND "adoption_fee"."cuota_centimos" < 10000000),
	CONSTRAINT "adoption_fee_method_check" CHECK ("adoption_fee"."metodo_pago" IN ('transferencia', 'bizum', 'efectivo', 'tarjeta', 'exento')),
	CONSTRAINT "adoption_fee_exempt_check" CHECK ("adoption_fee"."metodo_pago" <> 'exento' OR "adoption_fee"."cuota_centimos" = 0)
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"solicitud_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"firma_area" jsonb NOT NULL,
	"firmado_key" text,
	"firmado_sha256" text,
	"firmado_en" timestamp with time zone,
	"firmante_nombre" text,
	"firmante_email" text,
	"firma_presencial" boolean,
	"presente_id" text,
	"presente_nombre" text,
	"firma_ip" text,
	"firma_navegador" text,
	"anulado_en" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_estado_check" CHECK ("document"."estado" IN ('borrador', 'enviado', 'firmado', 'anulado')),
	CONSTRAINT "document_tipo_check" CHECK ("document"."tipo" IN ('contrato_adopcion')),
	CONSTRAINT "document_signed_check" CHECK ("document"."estado" <> 'firmado' OR ("document"."firmado_key" IS NOT NULL AND "document"."firmado_sha256" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "document_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"enviado_a" text NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"revocado_en" timestamp with time zone,
	"fallos" integer DEFAULT 0 NOT NULL,
	"bloqueado_en" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "adjuntos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "adoption_fee" ADD CONSTRAINT "adoption_fee_solicitud_id_adoption_request_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."adoption_request"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_fee" ADD CONSTRAINT "adoption_fee_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_solicitud_id_adoption_request_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."adoption_request"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_presente_id_user_id_fk" FOREIGN KEY ("presente_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_code" ADD CONSTRAINT "document_code_link_id_document_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."document_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_link" ADD CONSTRAINT "document_link_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_link" ADD CONSTRAINT "document_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_solicitud" ON "document" USING btree ("solicitud_id");--> statement-breakpoint
CREATE INDEX "document_persona" ON "document" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "document_pet" ON "document" USING btree ("pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_live_per_request" ON "document" USING btree ("solicitud_id","tipo") WHERE "document"."estado" <> 'anulado';--> statement-breakpoint
CREATE INDEX "document_code_link" ON "document_code" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_link_token" ON "document_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "document_link_document" ON "document_link" USING btree ("document_id");