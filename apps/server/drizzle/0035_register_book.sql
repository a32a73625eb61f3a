CREATE TABLE "register_book_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"cabeza" text NOT NULL,
	"longitud" integer DEFAULT 0 NOT NULL,
	"rellenado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_book_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_book_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"anio" integer NOT NULL,
	"numero" integer NOT NULL,
	"mascota_id" integer NOT NULL,
	"entrada" text NOT NULL,
	"fecha_entrada" date NOT NULL,
	"cerrada" boolean DEFAULT false NOT NULL,
	"contenido" jsonb,
	"hash" text,
	"hash_anterior" text,
	"cadena" integer,
	"rectifica_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cerrada_en" timestamp with time zone,
	CONSTRAINT "register_book_line_closed" CHECK ("register_book_line"."cerrada" = ("register_book_line"."hash" IS NOT NULL AND "register_book_line"."contenido" IS NOT NULL AND "register_book_line"."cadena" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "register_book_line_numero" ON "register_book_line" USING btree ("anio","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "register_book_line_cadena" ON "register_book_line" USING btree ("cadena");--> statement-breakpoint
CREATE UNIQUE INDEX "register_book_line_stay" ON "register_book_line" USING btree ("mascota_id","entrada") WHERE "register_book_line"."rectifica_id" IS NULL;--> statement-breakpoint
CREATE INDEX "register_book_line_pet" ON "register_book_line" USING btree ("mascota_id");--> statement-breakpoint
INSERT INTO "register_book_chain" ("id", "cabeza") VALUES (1, '') ON CONFLICT DO NOTHING;
