import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { PortalApp } from './portal-app';

const view = {
  organizacion: { nombre: 'Refugio Patitas' },
  persona: { nombre: 'Marta' },
  mascotas: [{ id: 7, nombre: 'Canela', foto: null, cuidados: [] }],
};

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('PortalApp: the foster portal on a phone', { timeout: 20_000 }, () => {
  it("wears the organisation's name, takes a weight with a decimal comma, and picks photos with its own button", async () => {
    let received: FormData | undefined;
    server.use(
      http.get('/api/portal/:token', () => HttpResponse.json(view)),
      http.post('/api/portal/:token/novedades', async ({ request }) => {
        received = await request.formData();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<PortalApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Hola, Marta' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Refugio Patitas');

    const card = screen.getByRole('region', { name: 'Canela' });
    const weight = within(card).getByLabelText('Peso en kg (opcional)');
    expect(weight).toHaveAttribute('type', 'text');
    expect(weight).toHaveAttribute('inputmode', 'decimal');
    expect(weight).toHaveAccessibleDescription('Con coma para los decimales, por ejemplo 4,5.');

    const input = within(card).getByLabelText(/Fotos \(hasta/);
    expect(input).toHaveAccessibleName(/^Elegir fotos Fotos \(hasta \d+\)$/);
    expect(input).toHaveClass('visually-hidden');
    expect(within(card).getByText('Elegir fotos').tagName).toBe('LABEL');
    expect(input).toHaveAccessibleDescription(/Ninguna foto elegida\./);
    await user.upload(input, [photo('paseo.jpg')]);
    expect(await within(card).findByText('paseo.jpg')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Foto 1 elegida' })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/1 foto elegida\./);
    expect(within(card).getByText('Añadir más fotos')).toBeInTheDocument();

    await user.type(weight, '4,5');
    await user.click(within(card).getByRole('button', { name: 'Enviar novedad' }));
    expect(await within(card).findByText(/Hemos recibido tu novedad/)).toBeInTheDocument();
    expect(received?.get('pesoKg')).toBe('4,5');
    expect((received?.getAll('fotos') as File[]).map((f) => f.name)).toEqual(['paseo.jpg']);
  });

  it("falls back to the portal's own title, never the product's, when the organisation has no name yet", async () => {
    server.use(http.get('/api/portal/:token', () => HttpResponse.json({ ...view, organizacion: { nombre: null } })));
    render(<PortalApp token="abc" />);
    expect(await screen.findByRole('heading', { name: 'Hola, Marta' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent(/^Portal de acogida$/);
  });
});
