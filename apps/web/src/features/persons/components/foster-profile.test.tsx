import { fosterMessages } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { FOSTER_ROLE_EXPLAINED } from '../lib/foster-role';
import { FosterProfile } from './foster-profile';

const profile = (version: number, notas = '') => ({
  personaId: 5,
  capacidad: 2,
  especies: ['Gato'],
  tamanos: [],
  conNinos: true,
  conPerros: false,
  conGatos: false,
  noDisponible: [],
  notas,
  version,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

describe('the foster profile on the person page', () => {
  it('creates a profile from none: capacity, species and an unavailable range are sent', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/personas/5/acogida', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: fosterMessages.noProfile, requestId: 'r' }, { status: 404 }),
      ),
      http.put('/api/personas/5/acogida', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(profile(1));
      }),
    );
    const { user } = renderWithProviders(<FosterProfile personId={5} />);
    expect(await screen.findByText('Esta persona no es casa de acogida.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear ficha de acogida' }));
    const capacity = screen.getByRole('textbox', { name: /Capacidad/ });
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByRole('checkbox', { name: 'Gato' }));
    await user.click(screen.getByRole('checkbox', { name: 'Niños' }));
    await user.click(screen.getByRole('button', { name: 'Añadir periodo' }));
    await user.type(screen.getByLabelText('Desde (periodo 1)'), '2026-12-20');
    await user.type(screen.getByLabelText('Hasta (periodo 1)'), '2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Guardar ficha de acogida' }));
    // A range that ends before it starts: the contracts' message, nothing sent.
    expect(await screen.findByText(fosterMessages.rangeInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('Hasta (periodo 1)'));
    await user.type(screen.getByLabelText('Hasta (periodo 1)'), '2027-01-06');
    await user.click(screen.getByRole('button', { name: 'Guardar ficha de acogida' }));
    expect(await screen.findByText('Capacidad: 2')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ capacidad: 2, especies: ['Gato'], conNinos: true, noDisponible: [{ desde: '2026-12-20', hasta: '2027-01-06' }] }),
    ]);
  });

  it('a version conflict keeps what was typed and saves it over the current version on request', async () => {
    let current = profile(3);
    const sent: { version?: number; notas?: string }[] = [];
    server.use(
      http.get('/api/personas/5/acogida', () => HttpResponse.json(current)),
      http.put('/api/personas/5/acogida', async ({ request }) => {
        const body = (await request.json()) as { version?: number; notas?: string };
        sent.push(body);
        if (body.version !== current.version)
          return HttpResponse.json({ code: 'CONFLICT', message: fosterMessages.stale, requestId: 'r' }, { status: 409 });
        current = profile(current.version + 1, body.notas);
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(<FosterProfile personId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Editar ficha' }));
    current = profile(4, 'Cambiada por otra persona');
    await user.type(screen.getByRole('textbox', { name: 'Notas' }), 'Tiene jardín');
    await user.click(screen.getByRole('button', { name: 'Guardar ficha de acogida' }));
    expect(await screen.findByText(fosterMessages.stale)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notas' })).toHaveValue('Tiene jardín');
    await user.click(await screen.findByRole('button', { name: 'Guardar lo que escribí sobre la versión actual' }));
    await waitFor(() => expect(screen.getByText('Tiene jardín')).toBeInTheDocument());
    expect(sent.map((b) => b.version)).toEqual([3, 4]);
  });

  it('explains the "Acogida" role and the profile as one idea: a person with the role but no profile is not "not a foster home"', async () => {
    server.use(
      http.get('/api/personas/5/acogida', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: fosterMessages.noProfile, requestId: 'r' }, { status: 404 }),
      ),
    );
    renderWithProviders(<FosterProfile personId={5} isFoster />);
    expect(await screen.findByText(/Tiene el rol «Acogida» pero todavía no tiene ficha/)).toBeInTheDocument();
    expect(screen.queryByText('Esta persona no es casa de acogida.')).not.toBeInTheDocument();
    expect(screen.getByText(FOSTER_ROLE_EXPLAINED)).toBeInTheDocument();
  });
});
