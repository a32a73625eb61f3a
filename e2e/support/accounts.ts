/** The accounts the e2e server starts with: the first administrator and one staff member. */
export const accounts = {
  admin: { email: 'admin@refugio.test', password: 'clave-admin-e2e-1', name: 'Ana', lastname: 'Administradora' },
  staff: { email: 'equipo@refugio.test', password: 'clave-equipo-e2e-1', name: 'Elena', lastname: 'Equipo' },
} as const;

export type AccountName = keyof typeof accounts;
