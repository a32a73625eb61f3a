import type { DashboardMoney } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { MoneyCard } from './money-card';

const money: DashboardMoney = {
  sociosActivos: 1234,
  padrinosActivos: 7,
  mes: '2026-11',
  ingresosMes: [
    { concepto: 'cuota', importe: 0.3, importeCentimos: 30 },
    { concepto: 'apadrinamiento', importe: 0, importeCentimos: 0 },
    { concepto: 'donativo', importe: 12.5, importeCentimos: 1250 },
    { concepto: 'teaming', importe: 1234.56, importeCentimos: 123_456 },
    { concepto: 'evento', importe: 0, importeCentimos: 0 },
    { concepto: 'otro', importe: 0, importeCentimos: 0 },
  ],
  ingresosMesTotal: 1247.36,
  ingresosMesTotalCentimos: 124_736,
  bajasMes: 2,
};

describe('MoneyCard ("Socios y donativos")', () => {
  it('shows members, sponsors, leaves and the income by concept in Spanish euros, and leads to /donativos', () => {
    renderWithProviders(<MoneyCard money={money} />);
    const card = screen.getByRole('region', { name: 'Socios y donativos' });
    expect(within(card).getByText('Socios activos').nextSibling).toHaveTextContent('1234');
    expect(within(card).getByText('Padrinos activos').nextSibling).toHaveTextContent('7');
    expect(within(card).getByText('Bajas en nov 2026').nextSibling).toHaveTextContent('2');
    const table = within(card).getByRole('table', { name: 'Ingresos de nov 2026 por concepto' });
    const cell = (concepto: string) => within(table).getByRole('rowheader', { name: concepto }).closest('tr')!;
    expect(cell('Cuota')).toHaveTextContent('0,30 €');
    expect(cell('Donativo')).toHaveTextContent('12,50 €');
    expect(cell('Teaming')).toHaveTextContent('1.234,56 €');
    expect(cell('Apadrinamiento')).toHaveTextContent('0,00 €');
    expect(cell('Total')).toHaveTextContent('1.247,36 €');
    expect(within(card).getByRole('link', { name: 'Ver donativos' })).toHaveAttribute('href', '/donativos');
  });
});
