/**
 * A complete public adoption application (`POST /api/public/solicitudes-adopcion`) from Ana García of Madrid for
 * `mascotaId`; `overrides` replaces any field (another person, contact data, answers).
 */
export const adoptionApplication = (mascotaId: number, overrides: Record<string, unknown> = {}) => ({
  mascotaId,
  nombre: 'Ana García',
  email: 'ana@example.com',
  telefono: '612 345 678',
  edad: 34,
  ciudad: 'Madrid',
  direccion: 'Calle Mayor 1',
  vivienda: 'casa',
  viviendaPropia: true,
  patio: true,
  personasEnCasa: 2,
  ninosEnCasa: 0,
  horasSolo: 3,
  otrasMascotas: '',
  experiencia: 'Sí',
  motivo: 'Compañía',
  aceptaVisita: true,
  aceptaPrivacidad: true,
  ...overrides,
});
