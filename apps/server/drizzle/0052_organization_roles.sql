-- The organisation's own roles (DESIGN section 21) and the one a user has: a role in use cannot be deleted.
CREATE TABLE "organization_role" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"basado_en" text NOT NULL,
	"capacidades" text[] NOT NULL,
	"enmascarar" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "organization_role_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_role_nombre" ON "organization_role" USING btree (lower("nombre"));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_organization_role_id_organization_role_id_fk" FOREIGN KEY ("organization_role_id") REFERENCES "public"."organization_role"("id") ON DELETE restrict ON UPDATE no action;