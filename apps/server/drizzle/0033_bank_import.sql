CREATE TABLE "bank_import" (
	"id" text PRIMARY KEY NOT NULL,
	"archivo" text NOT NULL,
	"hash" text NOT NULL,
	"formato" text NOT NULL,
	"movimientos" jsonb NOT NULL,
	"ignorados" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"caduca_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift" ADD COLUMN "import_clave" text;--> statement-breakpoint
ALTER TABLE "bank_import" ADD CONSTRAINT "bank_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_import_caduca" ON "bank_import" USING btree ("caduca_en");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_import_clave" ON "gift" USING btree ("import_clave");