import { describe, expect, it } from 'vitest';
import { exportUrl } from '../../../components/ui/export-links';
import { readRequestsListParams, toRequestFilters, writeRequestsListParams } from './requests-list-params';

describe('requests list params', () => {
  it('reads known values and falls back on unknown ones', () => {
    const params = readRequestsListParams(new URLSearchParams('estado=nueva&mascotaId=7&page=3&sort=raro&pageSize=5000&q=ana'));
    expect(params).toMatchObject({ estado: 'nueva', mascotaId: '7', page: 3, sort: 'createdAt', pageSize: 20, q: 'ana' });
    expect(readRequestsListParams(new URLSearchParams('estado=perdida&mascotaId=-1')).estado).toBe('');
    expect(readRequestsListParams(new URLSearchParams('mascotaId=abc')).mascotaId).toBe('');
  });

  it('goes back to page 1 when a filter changes and leaves defaults out of the address', () => {
    const next = writeRequestsListParams(new URLSearchParams('page=4&estado=nueva'), { estado: 'en_revision' });
    expect(next.toString()).toBe('estado=en_revision');
    expect(writeRequestsListParams(new URLSearchParams('estado=nueva'), { page: 2 }).toString()).toBe('estado=nueva&page=2');
  });

  it('exports the current filters only', () => {
    const params = readRequestsListParams(new URLSearchParams('estado=nueva&q=ana&page=2&sort=nombre'));
    expect(exportUrl('/api/solicitudes-adopcion', 'csv', toRequestFilters(params))).toBe('/api/solicitudes-adopcion.csv?estado=nueva&q=ana');
    expect(exportUrl('/api/solicitudes-adopcion', 'xlsx', toRequestFilters(params))).toBe('/api/solicitudes-adopcion.xlsx?estado=nueva&q=ana');
  });
});
