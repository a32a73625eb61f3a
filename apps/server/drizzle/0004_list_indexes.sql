DROP INDEX "pet_live_updated";--> statement-breakpoint
DROP INDEX "pet_live_tipo";--> statement-breakpoint
CREATE INDEX "pet_live_updated_v2" ON "pet" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "pet"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pet_live_tipo_v2" ON "pet" USING btree ("tipo","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "pet"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pet_live_nombre" ON "pet" USING btree (lower("nombre"),"id") WHERE "pet"."deleted_at" IS NULL;