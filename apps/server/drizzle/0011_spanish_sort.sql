-- Spanish order by name, the same on PGlite and PostgreSQL whatever collations the cluster has (PGlite has no
-- ICU, and a PostgreSQL cluster's default collation depends on how it was made): a key compared byte by byte
-- (COLLATE "C"). Lower case and accents removed, so Órion sorts among the O's and Álvaro among the A's; ñ is a
-- letter of its own after n: it becomes 'n' followed by U+007F, which sorts after every letter that can follow
-- an n, so Nube < Nzeta < Ñandú < Ñube < Oca. normalize() first joins an n typed with a combining tilde.
CREATE OR REPLACE FUNCTION refugio_sort_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary,
    replace(replace(normalize($1, NFC), 'ñ', 'n' || chr(127)), 'Ñ', 'n' || chr(127)))) $$;
--> statement-breakpoint
DROP INDEX "pet_live_nombre";--> statement-breakpoint
CREATE INDEX "pet_live_nombre_orden" ON "pet" USING btree (refugio_sort_key("nombre") COLLATE "C","id") WHERE "pet"."deleted_at" IS NULL;
