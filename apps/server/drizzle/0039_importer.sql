CREATE TABLE "import_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"archivo" text NOT NULL,
	"hash" text NOT NULL,
	"estado" text DEFAULT 'analizada' NOT NULL,
	"columnas" jsonb NOT NULL,
	"filas" jsonb NOT NULL,
	"mapeo" jsonb,
	"formato_fecha" text,
	"creados" integer DEFAULT 0 NOT NULL,
	"actualizados" integer DEFAULT 0 NOT NULL,
	"omitidos" integer DEFAULT 0 NOT NULL,
	"deshechos" integer DEFAULT 0 NOT NULL,
	"conservados" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_by_nombre" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batch_estado" CHECK ("import_batch"."estado" IN ('analizada', 'en_curso', 'terminada', 'fallida', 'deshecha')),
	CONSTRAINT "import_batch_tipo" CHECK ("import_batch"."tipo" IN ('mascotas', 'personas', 'cuidados', 'donativos'))
);
--> statement-breakpoint
CREATE TABLE "import_key" (
	"tipo" text NOT NULL,
	"codigo" text NOT NULL,
	"entidad_id" integer NOT NULL,
	"import_id" text NOT NULL,
	CONSTRAINT "import_key_tipo_codigo_pk" PRIMARY KEY("tipo","codigo")
);
--> statement-breakpoint
CREATE TABLE "import_mapping" (
	"tipo" text NOT NULL,
	"columna" text NOT NULL,
	"campo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mapping_tipo_columna_pk" PRIMARY KEY("tipo","columna")
);
--> statement-breakpoint
CREATE TABLE "import_row" (
	"import_id" text NOT NULL,
	"fila" integer NOT NULL,
	"resultado" text NOT NULL,
	"entidad_id" integer,
	"version" integer,
	"columna" text,
	"mensaje" text,
	CONSTRAINT "import_row_import_id_fila_pk" PRIMARY KEY("import_id","fila"),
	CONSTRAINT "import_row_resultado" CHECK ("import_row"."resultado" IN ('creado', 'actualizado', 'omitido', 'error', 'deshecho', 'conservado'))
);
--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_key" ADD CONSTRAINT "import_key_import_id_import_batch_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row" ADD CONSTRAINT "import_row_import_id_import_batch_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batch_created" ON "import_batch" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_key_import" ON "import_key" USING btree ("import_id");