-- The dashboard's data kept by the database itself, so every code path that writes a pet (the pets service,
-- the adoption approval, scripts) keeps it right without knowing about it.

-- pet.adoptado_en: set when adoptado becomes true, cleared when it becomes false. An explicit value written
-- while the pet stays adopted is kept (corrections, imports).
CREATE OR REPLACE FUNCTION refugio_pet_adoptado_en() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT NEW.adoptado THEN
    NEW.adoptado_en := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.adoptado_en := coalesce(NEW.adoptado_en, now());
  ELSIF NOT OLD.adoptado THEN
    NEW.adoptado_en := now();
  ELSIF NEW.adoptado_en IS NULL THEN
    NEW.adoptado_en := coalesce(OLD.adoptado_en, now());
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Existing adopted pets: their last change is the best guess of when.
UPDATE "pet" SET "adoptado_en" = "updated_at" WHERE "adoptado" AND "adoptado_en" IS NULL;
--> statement-breakpoint
CREATE TRIGGER pet_adoptado_en
  BEFORE INSERT OR UPDATE OF adoptado, adoptado_en ON "pet"
  FOR EACH ROW EXECUTE FUNCTION refugio_pet_adoptado_en();
--> statement-breakpoint
-- pet_count: live pets by (tipo, tamano, estado, adoptado). A change that moves a pet between two keys
-- touches the two counter rows in key order, so two such changes never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION refugio_pet_count() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  was_counted boolean := false;
  is_counted boolean := false;
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_counted := OLD.deleted_at IS NULL;
    old_key := concat_ws('|', OLD.tipo, OLD.tamano, OLD.estado, OLD.adoptado);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_counted := NEW.deleted_at IS NULL;
    new_key := concat_ws('|', NEW.tipo, NEW.tamano, NEW.estado, NEW.adoptado);
  END IF;
  IF was_counted AND is_counted AND old_key = new_key THEN
    RETURN NULL;
  END IF;
  IF is_counted AND (NOT was_counted OR new_key < old_key) THEN
    INSERT INTO pet_count (tipo, tamano, estado, adoptado, n) VALUES (NEW.tipo, NEW.tamano, NEW.estado, NEW.adoptado, 1)
      ON CONFLICT (tipo, tamano, estado, adoptado) DO UPDATE SET n = pet_count.n + 1;
    is_counted := false;
  END IF;
  IF was_counted THEN
    UPDATE pet_count SET n = n - 1
      WHERE tipo = OLD.tipo AND tamano = OLD.tamano AND estado = OLD.estado AND adoptado = OLD.adoptado;
  END IF;
  IF is_counted THEN
    INSERT INTO pet_count (tipo, tamano, estado, adoptado, n) VALUES (NEW.tipo, NEW.tamano, NEW.estado, NEW.adoptado, 1)
      ON CONFLICT (tipo, tamano, estado, adoptado) DO UPDATE SET n = pet_count.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO pet_count (tipo, tamano, estado, adoptado, n)
  SELECT tipo, tamano, estado, adoptado, count(*)::int FROM "pet" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER pet_count_maintain
  AFTER INSERT OR UPDATE OR DELETE ON "pet"
  FOR EACH ROW EXECUTE FUNCTION refugio_pet_count();
--> statement-breakpoint
-- TRUNCATE skips row triggers: start the counts again from nothing.
CREATE OR REPLACE FUNCTION refugio_pet_count_truncate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM pet_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pet_count_truncate
  AFTER TRUNCATE ON "pet"
  FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_count_truncate();
