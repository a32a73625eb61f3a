-- The dashboard's data kept by the database itself, so every code path that writes a pet or a request (the
-- pets service, the adoption approval, the public forms, scripts) keeps it right without knowing about it.
-- The dashboard then reads a few dozen rows instead of counting every pet and request.

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
-- The organisation's time zone, for the month an adoption falls in. The server writes ORG_TIME_ZONE here at
-- start-up and rebuilds pet_month and pet_adoption_days when it changed (refugio_rebuild_pet_month).
CREATE OR REPLACE FUNCTION refugio_org_tz() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce((SELECT valor FROM org_setting WHERE clave = 'zona_horaria'), 'Europe/Madrid') $$;
--> statement-breakpoint
-- Adds (p_delta 1) or removes (p_delta -1) one pet's intake and adoption from the monthly figures.
CREATE OR REPLACE FUNCTION refugio_pet_month_apply(p_ingreso timestamp, p_adopcion timestamptz, p_delta integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  local_at timestamp;
  mes_adopcion date;
BEGIN
  IF p_ingreso IS NOT NULL THEN
    INSERT INTO pet_month (mes, ingresos) VALUES (date_trunc('month', p_ingreso)::date, p_delta)
      ON CONFLICT (mes) DO UPDATE SET ingresos = pet_month.ingresos + p_delta;
  END IF;
  IF p_adopcion IS NOT NULL THEN
    local_at := p_adopcion AT TIME ZONE refugio_org_tz();
    mes_adopcion := date_trunc('month', local_at)::date;
    INSERT INTO pet_month (mes, adopciones) VALUES (mes_adopcion, p_delta)
      ON CONFLICT (mes) DO UPDATE SET adopciones = pet_month.adopciones + p_delta;
    IF p_ingreso IS NOT NULL AND local_at >= p_ingreso THEN
      INSERT INTO pet_adoption_days (mes, dias, n)
        VALUES (mes_adopcion, floor(extract(epoch FROM local_at - p_ingreso) / 86400)::integer, p_delta)
        ON CONFLICT (mes, dias) DO UPDATE SET n = pet_adoption_days.n + p_delta;
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refugio_pet_month() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  old_ingreso timestamp;
  old_adopcion timestamptz;
  new_ingreso timestamp;
  new_adopcion timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    old_ingreso := OLD.fecha_ingreso;
    IF OLD.adoptado THEN old_adopcion := OLD.adoptado_en; END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    new_ingreso := NEW.fecha_ingreso;
    IF NEW.adoptado THEN new_adopcion := NEW.adoptado_en; END IF;
  END IF;
  IF old_ingreso IS NOT DISTINCT FROM new_ingreso AND old_adopcion IS NOT DISTINCT FROM new_adopcion THEN
    RETURN NULL;
  END IF;
  PERFORM refugio_pet_month_apply(old_ingreso, old_adopcion, -1);
  PERFORM refugio_pet_month_apply(new_ingreso, new_adopcion, 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes the monthly figures from the pets (after a change of time zone). Writers wait meanwhile.
CREATE OR REPLACE FUNCTION refugio_rebuild_pet_month() RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  tz text := refugio_org_tz();
BEGIN
  LOCK TABLE pet IN SHARE MODE;
  DELETE FROM pet_month;
  DELETE FROM pet_adoption_days;
  INSERT INTO pet_month (mes, ingresos, adopciones)
    SELECT mes, sum(i)::integer, sum(a)::integer FROM (
      SELECT date_trunc('month', fecha_ingreso)::date AS mes, 1 AS i, 0 AS a
        FROM pet WHERE deleted_at IS NULL AND fecha_ingreso IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', adoptado_en AT TIME ZONE tz)::date, 0, 1
        FROM pet WHERE deleted_at IS NULL AND adoptado AND adoptado_en IS NOT NULL
    ) AS s GROUP BY mes;
  INSERT INTO pet_adoption_days (mes, dias, n)
    SELECT date_trunc('month', adoptado_en AT TIME ZONE tz)::date,
           floor(extract(epoch FROM (adoptado_en AT TIME ZONE tz) - fecha_ingreso) / 86400)::integer, count(*)::integer
      FROM pet
     WHERE deleted_at IS NULL AND adoptado AND adoptado_en IS NOT NULL AND fecha_ingreso IS NOT NULL
       AND (adoptado_en AT TIME ZONE tz) >= fecha_ingreso
     GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT refugio_rebuild_pet_month();
--> statement-breakpoint
CREATE TRIGGER pet_month_maintain
  AFTER INSERT OR UPDATE OR DELETE ON "pet"
  FOR EACH ROW EXECUTE FUNCTION refugio_pet_month();
--> statement-breakpoint
-- request_count: adoption and publication requests by state; a move touches the two rows in key order.
CREATE OR REPLACE FUNCTION refugio_request_count() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  old_estado text;
  new_estado text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_estado := OLD.estado; END IF;
  IF TG_OP <> 'DELETE' THEN new_estado := NEW.estado; END IF;
  IF old_estado IS NOT DISTINCT FROM new_estado THEN
    RETURN NULL;
  END IF;
  IF new_estado IS NOT NULL AND (old_estado IS NULL OR new_estado < old_estado) THEN
    INSERT INTO request_count (tabla, estado, n) VALUES (TG_TABLE_NAME, new_estado, 1)
      ON CONFLICT (tabla, estado) DO UPDATE SET n = request_count.n + 1;
    new_estado := NULL;
  END IF;
  IF old_estado IS NOT NULL THEN
    UPDATE request_count SET n = n - 1 WHERE tabla = TG_TABLE_NAME AND estado = old_estado;
  END IF;
  IF new_estado IS NOT NULL THEN
    INSERT INTO request_count (tabla, estado, n) VALUES (TG_TABLE_NAME, new_estado, 1)
      ON CONFLICT (tabla, estado) DO UPDATE SET n = request_count.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO request_count (tabla, estado, n)
  SELECT 'adoption_request', estado, count(*)::integer FROM adoption_request GROUP BY estado
  UNION ALL
  SELECT 'publication_request', estado, count(*)::integer FROM publication_request GROUP BY estado;
--> statement-breakpoint
CREATE TRIGGER request_count_maintain
  AFTER INSERT OR UPDATE OF estado OR DELETE ON "adoption_request"
  FOR EACH ROW EXECUTE FUNCTION refugio_request_count();
--> statement-breakpoint
CREATE TRIGGER request_count_maintain
  AFTER INSERT OR UPDATE OF estado OR DELETE ON "publication_request"
  FOR EACH ROW EXECUTE FUNCTION refugio_request_count();
--> statement-breakpoint
-- TRUNCATE skips row triggers: the figures of the emptied table start again from nothing.
CREATE OR REPLACE FUNCTION refugio_dashboard_truncate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'pet' THEN
    DELETE FROM pet_count;
    DELETE FROM pet_month;
    DELETE FROM pet_adoption_days;
  ELSE
    DELETE FROM request_count WHERE tabla = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_truncate AFTER TRUNCATE ON "pet" FOR EACH STATEMENT EXECUTE FUNCTION refugio_dashboard_truncate();
--> statement-breakpoint
CREATE TRIGGER dashboard_truncate AFTER TRUNCATE ON "adoption_request" FOR EACH STATEMENT EXECUTE FUNCTION refugio_dashboard_truncate();
--> statement-breakpoint
CREATE TRIGGER dashboard_truncate AFTER TRUNCATE ON "publication_request" FOR EACH STATEMENT EXECUTE FUNCTION refugio_dashboard_truncate();
