import type { VolunteerProfile } from '@refugio/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { VolunteerSection } from './volunteer-section';

/* The person's volunteer tab tells staff whether the volunteer signed the agreement. */

function answer(acuerdo: VolunteerProfile['acuerdo']) {
  const profile: VolunteerProfile = {
    tareas: ['Paseos'],
    disponibilidad: '',
    formacion: [],
    acuerdoDocumentoId: acuerdo?.estado === 'firmado' ? acuerdo.id : null,
    acuerdo,
  };
  server.use(
    http.get('/api/personas/5/voluntariado', () => HttpResponse.json(profile)),
    http.get('/api/personas/5/voluntariado/enlace', () => HttpResponse.json({ activo: false, venceEn: null })),
    http.get('/api/personas/5/voluntariado/horas', () => HttpResponse.json({ anio: 2026, horas: 0, turnos: [] })),
  );
}

describe('the volunteer tab', { timeout: 20_000 }, () => {
  it('shows a signed agreement with its signed PDF', async () => {
    answer({ id: 12, estado: 'firmado', firmadoEn: '2026-11-20T10:00:00.000Z' });
    renderWithProviders(<VolunteerSection personId={5} />);
    const section = await screen.findByRole('region', { name: 'Voluntariado' });
    expect(await within(section).findByText('Firmado')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver el acuerdo firmado (PDF)' })).toHaveAttribute('href', '/api/documentos/12/pdf');
  });

  it('shows a prepared agreement as not signed yet, and says when there is none', async () => {
    answer({ id: 13, estado: 'enviado', firmadoEn: null });
    const { unmount } = renderWithProviders(<VolunteerSection personId={5} />);
    expect(await screen.findByText('Preparado')).toBeInTheDocument();
    expect(screen.getByText('enviado para firmar, todavía sin firma')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /acuerdo firmado/ })).not.toBeInTheDocument();
    unmount();
    answer(null);
    renderWithProviders(<VolunteerSection personId={5} />);
    expect(await screen.findByText(/^Acuerdo de voluntariado: sin preparar/)).toBeInTheDocument();
  });
});
