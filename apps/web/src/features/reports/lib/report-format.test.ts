import type { Report } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { chartPoints, formatReportValue, memoriaYears, previousMonthRange } from './report-format';

describe('report figures', () => {
  it('writes counts, money, days and months as Spanish reads them', () => {
    expect(formatReportValue(1234, 'numero')).toBe('1234');
    expect(formatReportValue(12.5, 'numero')).toBe('12,5');
    expect(formatReportValue(15_550, 'dinero')).toContain('155,50');
    expect(formatReportValue('2025-03-01', 'fecha')).toBe('01/03/2025');
    expect(formatReportValue('2025-03', 'texto')).toBe('mar 2025');
    expect(formatReportValue(null, 'numero')).toBe('—');
    expect(formatReportValue('Luna', 'texto')).toBe('Luna');
  });

  it('draws money in euros and months short', () => {
    const report = {
      columnas: [{ clave: 'coste', titulo: 'Coste', tipo: 'dinero' }],
      serie: { eje: 'mes', series: [{ clave: 'coste', titulo: 'Coste' }], puntos: [{ mes: '2025-06', coste: 3550 }] },
    } as unknown as Report;
    expect(chartPoints(report)).toEqual([{ mes: 'jun 2025', coste: 35.5 }]);
  });

  it('opens on the previous month and offers ten years', () => {
    expect(previousMonthRange('2026-01-15')).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
    expect(previousMonthRange('2024-03-02')).toEqual({ desde: '2024-02-01', hasta: '2024-02-29' });
    expect(memoriaYears(2026)).toHaveLength(10);
    expect(memoriaYears(2026)[0]).toBe(2026);
  });
});
