import { screen, waitFor, within } from '@testing-library/react';
import { personTexts } from '@refugio/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PersonMessages } from './person-messages';

const URL_WA = 'https://wa.me/34612345678?text=Hola%20Ana';

const kept = (canal: 'email' | 'whatsapp', estado: string, cuerpo: string) => ({
  id: 1,
  personaId: 3,
  canal,
  plantilla: null,
  para: { nombre: 'Ana Gil', email: 'ana@example.com', telefono: '+34612345678' },
  asunto: canal === 'email' ? 'Hola' : '',
  cuerpo,
  estado,
  intentos: 0,
  error: null,
  creadoEn: '2026-01-01T00:00:00.000Z',
  enviadoEn: null,
  relacion: { entidad: 'persona', id: '3' },
});

const consenting = () => person(3, { nombre: 'Ana', apellidos: 'Gil', email: 'ana@example.com', consentimientos: { email: true, whatsapp: true } });

afterEach(() => vi.restoreAllMocks());

describe('writing to a person', { timeout: 20_000 }, () => {
  it('lists what was written to them with the shared list (a failed e-mail can be retried)', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/mensajes', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [{ ...kept('email', 'fallido', 'Hola Ana'), error: 'buzón lleno' }], total: 1, page: 1, pageSize: 20 });
      }),
    );
    renderWithProviders(<PersonMessages person={consenting()} />);
    expect(await screen.findByText('Error: buzón lleno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar el envío: Hola' })).toBeInTheDocument();
    expect(asked[0]?.get('personaId')).toBe('3');
  });

  it('offers no template that needs a pet or a link (none of the defaults), so no message goes out with a gap', async () => {
    server.use(http.get('/api/mensajes', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })));
    const { user } = renderWithProviders(<PersonMessages person={consenting()} />);
    await user.click(screen.getByRole('button', { name: 'Enviar e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escribir a Ana Gil' });
    expect(within(dialog).queryAllByLabelText('Plantilla')).toHaveLength(0);
    expect(within(dialog).queryByText('¿Qué tal está?')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Asunto' })).toBeInTheDocument();
  });

  it('opens a WhatsApp tab inside the click and sends it to the wa.me address once the message is kept', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/mensajes', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
      http.post('/api/personas/3/mensajes', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ mensaje: kept('whatsapp', 'registrado', 'Hola Ana'), url: URL_WA }, { status: 201 });
      }),
    );
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderWithProviders(<PersonMessages person={consenting()} />);

    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escribir a Ana Gil' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Texto' }), 'Hola Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir WhatsApp' }));

    await waitFor(() => expect(tab.location.href).toBe(URL_WA));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    expect(sent).toEqual([{ canal: 'whatsapp', cuerpo: 'Hola Ana' }]);
  });

  it('closes the tab and says why when the server refuses', async () => {
    server.use(
      http.get('/api/mensajes', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
      http.post('/api/personas/3/mensajes', () =>
        HttpResponse.json(
          { code: 'VALIDATION_ERROR', message: 'Esta persona no ha aceptado recibir mensajes por WhatsApp.', requestId: 'r' },
          { status: 400 },
        ),
      ),
    );
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderWithProviders(<PersonMessages person={consenting()} />);

    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Texto' }), 'Hola');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir WhatsApp' }));

    expect(await within(dialog).findByText('Esta persona no ha aceptado recibir mensajes por WhatsApp.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Texto' })).toHaveValue('Hola');
  });

  it("disables WhatsApp without the person's consent, and says why", async () => {
    server.use(http.get('/api/mensajes', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })));
    renderWithProviders(<PersonMessages person={person(3, { consentimientos: { email: true, whatsapp: false } })} />);
    const whatsapp = screen.getByRole('button', { name: 'WhatsApp' });
    expect(whatsapp).toBeDisabled();
    expect(whatsapp).toHaveAccessibleDescription(personTexts.whatsappNoConsent);
    expect(screen.getByRole('button', { name: 'Enviar e-mail' })).toBeEnabled();
  });
});
