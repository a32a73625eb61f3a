CREATE TABLE "remesa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remesa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fecha_cobro" date NOT NULL,
	"importe_total_centimos" integer NOT NULL,
	"numero" integer NOT NULL,
	"estado" text DEFAULT 'emitida' NOT NULL,
	"acreedor_nombre" text NOT NULL,
	"acreedor_nif" text NOT NULL,
	"acreedor_identificador" text NOT NULL,
	"acreedor_iban" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remesa_importe_positive" CHECK ("remesa"."importe_total_centimos" > 0),
	CONSTRAINT "remesa_numero_positive" CHECK ("remesa"."numero" > 0),
	CONSTRAINT "remesa_estado" CHECK ("remesa"."estado" IN ('emitida'))
);
--> statement-breakpoint
CREATE TABLE "remesa_linea" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remesa_linea_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remesa_id" integer NOT NULL,
	"fee_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"periodo_desde" date NOT NULL,
	"importe_centimos" integer NOT NULL,
	"referencia" text NOT NULL,
	"secuencia" text NOT NULL,
	"deudor_nombre" text NOT NULL,
	"iban" text NOT NULL,
	"mandato_referencia" text NOT NULL,
	"mandato_fecha_firma" date NOT NULL,
	"concepto" text NOT NULL,
	CONSTRAINT "remesa_linea_importe_positive" CHECK ("remesa_linea"."importe_centimos" > 0),
	CONSTRAINT "remesa_linea_secuencia" CHECK ("remesa_linea"."secuencia" IN ('FRST', 'RCUR'))
);
--> statement-breakpoint
ALTER TABLE "remesa" ADD CONSTRAINT "remesa_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD CONSTRAINT "remesa_linea_remesa_id_remesa_id_fk" FOREIGN KEY ("remesa_id") REFERENCES "public"."remesa"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD CONSTRAINT "remesa_linea_fee_id_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fee"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remesa_linea" ADD CONSTRAINT "remesa_linea_gift_id_gift_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remesa_fecha" ON "remesa" USING btree ("fecha_cobro","id");--> statement-breakpoint
CREATE UNIQUE INDEX "remesa_linea_fee_period" ON "remesa_linea" USING btree ("fee_id","periodo_desde");--> statement-breakpoint
CREATE UNIQUE INDEX "remesa_linea_gift" ON "remesa_linea" USING btree ("gift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remesa_linea_referencia" ON "remesa_linea" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "remesa_linea_remesa" ON "remesa_linea" USING btree ("remesa_id","id");