import { describe, expect, it } from 'vitest';
import { dashboardCounters, formatMonth } from './dashboard-links';

describe('dashboard links', () => {
  it('each count leads to the list it counts, filtered', () => {
    const dashboard = {
      ingresosAdopciones: [
        { mes: '2026-10', ingresos: 1, adopciones: 0 },
        { mes: '2026-11', ingresos: 0, adopciones: 2 },
      ],
    };
    expect(Object.fromEntries(dashboardCounters.map((c) => [c.key, c.to(dashboard)]))).toEqual({
      enAdopcion: '/?estado=publicada&adoptado=0',
      adoptadasEsteMes: '/?adoptado=1&adoptadoMes=2026-11',
      solicitudesNuevas: '/formularios?estado=nueva',
      solicitudesPublicacionPendientes: '/solicitud-publicacion?estado=pendiente',
      publicacionesProximas: '/borradores',
      cuidadosVencidos: '/cuidados',
      cuidadosHoy: '/cuidados',
    });
  });

  it('formats months in Spanish', () => {
    expect(formatMonth('2026-11')).toMatch(/^nov 2026$/);
    expect(formatMonth('xx')).toBe('xx');
  });
});
