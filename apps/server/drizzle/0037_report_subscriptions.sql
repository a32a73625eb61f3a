CREATE TABLE "report_subscription" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_subscription_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"clave" text NOT NULL,
	"periodicidad" text DEFAULT 'mensual' NOT NULL,
	"enviado_hasta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_subscription_periodicidad" CHECK ("report_subscription"."periodicidad" IN ('mensual')),
	CONSTRAINT "report_subscription_enviado" CHECK ("report_subscription"."enviado_hasta" IS NULL OR "report_subscription"."enviado_hasta" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "report_subscription" ADD CONSTRAINT "report_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_subscription_user_clave" ON "report_subscription" USING btree ("user_id","clave");