-- Six roles (DESIGN section 20). Administrador and Equipo keep their names and rights; an account with no role or
-- one the application does not know gets the least of the old two, Equipo.
UPDATE "user" SET "role" = 'Equipo' WHERE "role" IS NULL OR "role" NOT IN ('Administrador', 'Coordinación', 'Equipo', 'Voluntariado', 'Veterinaria', 'Tesorería');
