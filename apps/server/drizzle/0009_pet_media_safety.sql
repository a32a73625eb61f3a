CREATE TABLE "idempotency_key" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
DROP INDEX "pet_image_order";--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_key_created" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
-- Concurrent uploads could give two images of one pet the same position: number each pet's images 1..n in
-- their current order (position, then id) before the constraint makes it impossible.
UPDATE "pet_image" SET "orden" = numbered."n"
FROM (SELECT "id", row_number() OVER (PARTITION BY "pet_id" ORDER BY "orden", "id")::integer AS "n" FROM "pet_image") AS numbered
WHERE "pet_image"."id" = numbered."id" AND "pet_image"."orden" <> numbered."n";--> statement-breakpoint
ALTER TABLE "pet_image" ADD CONSTRAINT "pet_image_pet_orden" UNIQUE("pet_id","orden");