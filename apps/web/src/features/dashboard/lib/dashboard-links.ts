import type { Capability, Dashboard } from '@refugio/contracts';

type Counter = keyof Dashboard['contadores'];

/** The organisation's current month ('YYYY-MM'): the last of the dashboard's monthly series. */
function currentMonth(dashboard: Pick<Dashboard, 'ingresosAdopciones'>): string | undefined {
  return dashboard.ingresosAdopciones.at(-1)?.mes;
}

/** Each count of the dashboard, its label and the list it counts (with that list's filter applied). */
export const dashboardCounters: {
  key: Counter;
  label: string;
  to: (dashboard: Pick<Dashboard, 'ingresosAdopciones'>) => string;
  hint: string;
  /** What opens the list (the permission table): a role without it does not see the count. */
  capability: Capability;
}[] = [
  {
    key: 'enAdopcion',
    label: 'En adopción',
    to: () => '/?estado=publicada&adoptado=0',
    hint: 'Publicadas y sin adoptar',
    capability: 'mascotas.ver',
  },
  {
    key: 'adoptadasEsteMes',
    label: 'Adoptadas este mes',
    // The same month, in the same time zone, as the count: the list shows exactly the pets counted.
    to: (dashboard) => {
      const month = currentMonth(dashboard);
      return month ? `/?adoptado=1&adoptadoMes=${month}` : '/?adoptado=1';
    },
    hint: 'Desde el día 1',
    capability: 'mascotas.ver',
  },
  {
    key: 'solicitudesNuevas',
    label: 'Solicitudes nuevas',
    to: () => '/formularios?estado=nueva',
    hint: 'Solicitudes de adopción sin revisar',
    capability: 'adopciones',
  },
  {
    key: 'solicitudesPublicacionPendientes',
    label: 'Solicitudes de publicación',
    to: () => '/solicitud-publicacion?estado=pendiente',
    hint: 'Registros pendientes de decidir',
    capability: 'publicacion',
  },
  {
    key: 'publicacionesProximas',
    label: 'Próximas publicaciones',
    to: () => '/borradores',
    hint: 'En los próximos 7 días',
    capability: 'publicacion',
  },
  {
    key: 'cuidadosVencidos',
    label: 'Cuidados vencidos',
    to: () => '/cuidados',
    hint: 'Programados antes de hoy y sin hacer',
    capability: 'cuidados.ver',
  },
  {
    key: 'cuidadosHoy',
    label: 'Cuidados de hoy',
    to: () => '/cuidados',
    hint: 'Vacunas y tratamientos previstos para hoy',
    capability: 'cuidados.ver',
  },
];

/** 'YYYY-MM' as a short Spanish month, e.g. "nov 2026". */
export function formatMonth(mes: string): string {
  const date = new Date(`${mes}-01T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return mes;
  return new Intl.DateTimeFormat('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date).replace('.', '');
}
