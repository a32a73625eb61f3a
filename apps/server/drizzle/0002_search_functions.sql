-- Accent-insensitive search (DESIGN section 5). unaccent() is not IMMUTABLE, so it cannot back an index or a
-- generated column directly; this wrapper names its dictionary explicitly, which makes it safe to declare so.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refugio_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
