CREATE TABLE "fee" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"persona_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"importe_centimos" integer NOT NULL,
	"periodicidad" text NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	"pet_id" integer,
	"metodo_pago" text NOT NULL,
	"iban" text,
	"mandato_referencia" text,
	"mandato_fecha_firma" date,
	"estado" text DEFAULT 'activa' NOT NULL,
	"baja_fecha" date,
	"baja_motivo" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_importe_positive" CHECK ("fee"."importe_centimos" > 0),
	CONSTRAINT "fee_tipo" CHECK ("fee"."tipo" IN ('socio', 'padrino')),
	CONSTRAINT "fee_periodicidad" CHECK ("fee"."periodicidad" IN ('mensual', 'trimestral', 'semestral', 'anual')),
	CONSTRAINT "fee_metodo_pago" CHECK ("fee"."metodo_pago" IN ('domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo')),
	CONSTRAINT "fee_estado" CHECK ("fee"."estado" IN ('activa', 'pendiente', 'baja')),
	CONSTRAINT "fee_padrino_has_pet" CHECK ("fee"."tipo" <> 'padrino' OR "fee"."pet_id" IS NOT NULL),
	CONSTRAINT "fee_direct_debit_has_mandate" CHECK ("fee"."metodo_pago" <> 'domiciliacion' OR ("fee"."iban" IS NOT NULL AND "fee"."mandato_referencia" IS NOT NULL AND "fee"."mandato_fecha_firma" IS NOT NULL)),
	CONSTRAINT "fee_iban_only_direct_debit" CHECK ("fee"."metodo_pago" = 'domiciliacion' OR "fee"."iban" IS NULL),
	CONSTRAINT "fee_baja_has_date" CHECK ("fee"."estado" <> 'baja' OR "fee"."baja_fecha" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "gift" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"persona_id" integer,
	"importe_centimos" integer NOT NULL,
	"fecha" date NOT NULL,
	"metodo" text NOT NULL,
	"concepto" text NOT NULL,
	"fee_id" integer,
	"pet_id" integer,
	"referencia" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'registrado' NOT NULL,
	"anulado_motivo" text DEFAULT '' NOT NULL,
	"devuelto_en" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_importe_positive" CHECK ("gift"."importe_centimos" > 0),
	CONSTRAINT "gift_metodo" CHECK ("gift"."metodo" IN ('domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo')),
	CONSTRAINT "gift_concepto" CHECK ("gift"."concepto" IN ('cuota', 'apadrinamiento', 'donativo', 'teaming', 'evento', 'otro')),
	CONSTRAINT "gift_estado" CHECK ("gift"."estado" IN ('registrado', 'anulado', 'devuelto'))
);
--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_persona_id_person_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."person"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_fee_id_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fee"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift" ADD CONSTRAINT "gift_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_persona" ON "fee" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "fee_pet" ON "fee" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "fee_estado" ON "fee" USING btree ("estado","tipo");--> statement-breakpoint
CREATE INDEX "gift_persona" ON "gift" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "gift_fecha" ON "gift" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "gift_fee" ON "gift" USING btree ("fee_id");