CREATE TABLE "history_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"en" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_tipo" text NOT NULL,
	"actor_id" text,
	"actor_nombre" text,
	"entidad" text NOT NULL,
	"entidad_id" text NOT NULL,
	"accion" text NOT NULL,
	"cambios" jsonb,
	"request_id" text,
	CONSTRAINT "history_event_actor_tipo" CHECK ("history_event"."actor_tipo" IN ('usuario', 'publico', 'enlace', 'sistema')),
	CONSTRAINT "history_event_accion" CHECK ("history_event"."accion" IN ('crear', 'modificar', 'eliminar', 'restaurar', 'estado', 'fusionar', 'enviar', 'firmar', 'anonimizar'))
);
--> statement-breakpoint
CREATE INDEX "history_event_entity" ON "history_event" USING btree ("entidad","entidad_id","en" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_event_actor" ON "history_event" USING btree ("actor_id","en" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_event_en" ON "history_event" USING btree ("en" DESC NULLS LAST,"id" DESC NULLS LAST);