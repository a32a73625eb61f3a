-- The pet list's page is written as JSON by the database (pet-list.repository.ts). A thumbnail's file name enters
-- its URL as JavaScript's encodeURIComponent writes it (petThumbnailUrl): letters, digits and - _ . ! ~ * ' ( ) as
-- they are, every other UTF-8 byte as %XX in upper case. The statement calls this only for a name with other
-- characters (the server's own names have none).
CREATE OR REPLACE FUNCTION refugio_uri_component(p text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
SELECT coalesce(string_agg(
         CASE WHEN b BETWEEN 48 AND 57 OR b BETWEEN 65 AND 90 OR b BETWEEN 97 AND 122 OR b IN (33, 39, 40, 41, 42, 45, 46, 95, 126)
              THEN chr(b)
              ELSE '%' || upper(lpad(to_hex(b), 2, '0')) END,
         '' ORDER BY i), '')
  FROM (SELECT i, get_byte(convert_to(p, 'UTF8'), i) AS b
          FROM generate_series(0, octet_length(convert_to(p, 'UTF8')) - 1) AS i) AS bytes
$$;
