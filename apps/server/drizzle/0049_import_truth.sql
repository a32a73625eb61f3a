ALTER TABLE "pet" DROP CONSTRAINT "pet_tamano";--> statement-breakpoint
ALTER TABLE "import_batch" ADD COLUMN "incluir" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pet" ADD CONSTRAINT "pet_tamano" CHECK ("pet"."tamano" IN ('', 'chico', 'mediano', 'grande'));--> statement-breakpoint
-- The importer no longer invents an age: the words it wrote for "none" go.
UPDATE "pet" SET "edad" = '' WHERE "edad" = 'Sin indicar';--> statement-breakpoint
-- Imported pets with an entry date and no movement get their `ingreso` on that date (DESIGN 16), with the origin the pet holds.
INSERT INTO "movement" ("pet_id", "tipo", "fecha", "procedencia", "procedencia_detalle")
SELECT p."id", 'ingreso', p."fecha_ingreso"::date, p."procedencia", p."procedencia_detalle"
FROM "pet" p
WHERE p."fecha_ingreso" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "movement" m WHERE m."pet_id" = p."id")
  AND EXISTS (
    SELECT 1 FROM "import_row" r JOIN "import_batch" b ON b."id" = r."import_id"
    WHERE b."tipo" = 'mascotas' AND r."entidad_id" = p."id" AND r."resultado" IN ('creado', 'conservado')
  );--> statement-breakpoint
UPDATE "pet" p SET "ubicacion_desde" = p."fecha_ingreso"::date
WHERE p."ubicacion_desde" IS NULL AND p."fecha_ingreso" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "movement" m WHERE m."pet_id" = p."id" AND m."tipo" = 'ingreso' AND m."fecha" = p."fecha_ingreso"::date);--> statement-breakpoint
-- One truth of where an animal came from: its latest `ingreso`. An entry that says nothing takes what the pet says...
UPDATE "movement" m SET "procedencia" = p."procedencia", "procedencia_detalle" = p."procedencia_detalle"
FROM (
  SELECT DISTINCT ON ("pet_id") "id", "pet_id" FROM "movement" WHERE "tipo" = 'ingreso' ORDER BY "pet_id", "fecha" DESC, "id" DESC
) l, "pet" p
WHERE m."id" = l."id" AND p."id" = l."pet_id"
  AND m."procedencia" IS NULL AND m."procedencia_detalle" = ''
  AND (p."procedencia" IS NOT NULL OR p."procedencia_detalle" <> '');--> statement-breakpoint
-- ... and then the pet says what its latest entry says.
UPDATE "pet" p SET "procedencia" = l."procedencia", "procedencia_detalle" = l."procedencia_detalle"
FROM (
  SELECT DISTINCT ON ("pet_id") "pet_id", "procedencia", "procedencia_detalle" FROM "movement" WHERE "tipo" = 'ingreso'
  ORDER BY "pet_id", "fecha" DESC, "id" DESC
) l
WHERE p."id" = l."pet_id"
  AND (p."procedencia" IS DISTINCT FROM l."procedencia" OR p."procedencia_detalle" <> l."procedencia_detalle");--> statement-breakpoint
-- The register book reconciles every animal once more (new stays numbered, corrections of closed lines appended).
UPDATE "register_book_chain" SET "rellenado" = false;
