CREATE TABLE "pet" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"edad" text NOT NULL,
	"tipo" text NOT NULL,
	"genero" text NOT NULL,
	"tamano" text NOT NULL,
	"fecha_ingreso" timestamp,
	"personalidad" text DEFAULT '' NOT NULL,
	"historia" text DEFAULT '' NOT NULL,
	"adoptado" boolean DEFAULT false NOT NULL,
	"discapacidad" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imagen_principal" text,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"publicar_en" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"search_text" text GENERATED ALWAYS AS (refugio_fold("pet"."nombre" || ' ' || "pet"."historia" || ' ' || "pet"."personalidad" || ' ' || "pet"."tags"::text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_tipo" CHECK ("pet"."tipo" IN ('Perro', 'Gato', 'Conejo')),
	CONSTRAINT "pet_genero" CHECK ("pet"."genero" IN ('macho', 'hembra')),
	CONSTRAINT "pet_tamano" CHECK ("pet"."tamano" IN ('chico', 'mediano', 'grande')),
	CONSTRAINT "pet_estado" CHECK ("pet"."estado" IN ('borrador', 'programada', 'publicada'))
);
--> statement-breakpoint
CREATE TABLE "pet_image" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pet_image_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pet_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_image" ADD CONSTRAINT "pet_image_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_search_trgm" ON "pet" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pet_tags_gin" ON "pet" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "pet_live_updated" ON "pet" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "pet"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pet_live_tipo" ON "pet" USING btree ("tipo","updated_at" DESC NULLS LAST) WHERE "pet"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pet_image_file" ON "pet_image" USING btree ("pet_id","nombre");--> statement-breakpoint
CREATE INDEX "pet_image_order" ON "pet_image" USING btree ("pet_id","orden");