const MAX_ID = 2_147_483_647;

/** The pet id of a route (`/editar/:id`), or null when it is missing or not a positive whole number. */
export function parsePetId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
