-- The change feed: every change to a pet or its gallery is announced on the channel refugio_cambios, after its
-- transaction commits, to every instance that listens (src/plugins/changes.ts). Instances keep caches of what
-- they read most (a pet, the public catalogue) and drop an entry when its pet changes, whatever code path or
-- script wrote it. Payload: 'pet:' and the changed pet ids, comma-separated, or 'pet:*' when a statement changed
-- more than 200 (or TRUNCATE): then every entry goes.
CREATE OR REPLACE FUNCTION refugio_announce_pets(ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) > 200 THEN
    PERFORM pg_notify('refugio_cambios', 'pet:*');
  ELSE
    PERFORM pg_notify('refugio_cambios', 'pet:' || array_to_string(ids, ','));
  END IF;
END
$$;
--> statement-breakpoint
-- The trigger's argument names the column holding the pet id in the changed rows ("changed", the statement's
-- transition table): id in pet, pet_id in pet_image.
CREATE OR REPLACE FUNCTION refugio_pet_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('refugio_cambios', 'pet:*');
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM changed', TG_ARGV[0]) INTO ids;
    PERFORM refugio_announce_pets(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One trigger per event: a trigger with transition tables may fire on one event only.
CREATE TRIGGER pet_changed_insert AFTER INSERT ON "pet" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('id');
--> statement-breakpoint
CREATE TRIGGER pet_changed_update AFTER UPDATE ON "pet" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('id');
--> statement-breakpoint
CREATE TRIGGER pet_changed_delete AFTER DELETE ON "pet" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('id');
--> statement-breakpoint
CREATE TRIGGER pet_changed_truncate AFTER TRUNCATE ON "pet" FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('id');
--> statement-breakpoint
CREATE TRIGGER pet_image_changed_insert AFTER INSERT ON "pet_image" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
--> statement-breakpoint
CREATE TRIGGER pet_image_changed_update AFTER UPDATE ON "pet_image" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
--> statement-breakpoint
CREATE TRIGGER pet_image_changed_delete AFTER DELETE ON "pet_image" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
--> statement-breakpoint
CREATE TRIGGER pet_image_changed_truncate AFTER TRUNCATE ON "pet_image" FOR EACH STATEMENT EXECUTE FUNCTION refugio_pet_changed('pet_id');
