import type { Modelo182Review } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon } from '../testing/fixtures';
import { Component as Modelo182 } from './modelo-182';

const lastYear = new Date().getFullYear() - 1;
const review = (anio: number): Modelo182Review => ({ anio, incluidos: [], excluidos: [], totalCentimos: 0, presentaciones: [], cambio: null });

describe('Socios y donativos · Modelo 182: sending the certificates', () => {
  it('"Enviar certificados" is confirmed first, then says how many were scheduled, how many already were, and who gets none and why', async () => {
    const sent: unknown[] = [];
    answerCommon();
    server.use(
      http.get('/api/fiscal/modelo-182/revision', ({ request }) => HttpResponse.json(review(Number(new URL(request.url).searchParams.get('anio'))))),
      http.post('/api/certificados-donaciones/enviar', async ({ request }) => {
        const body = (await request.json()) as { anio: number };
        sent.push(body);
        return HttpResponse.json(
          {
            anio: body.anio,
            programados: 12,
            yaProgramados: 3,
            excluidos: [
              { persona: { id: 9, nombre: 'Carla Ruiz' }, motivo: 'sin_email' },
              { persona: { id: 10, nombre: 'Dani Gil' }, motivo: 'sin_consentimiento' },
            ],
          },
          { status: 202 },
        );
      }),
    );
    const { user } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    const section = await screen.findByRole('region', { name: 'Certificados de donaciones' });

    await user.click(within(section).getByRole('button', { name: `Enviar certificados de ${lastYear}` }));
    const dialog = await screen.findByRole('dialog', { name: `Enviar los certificados de ${lastYear}` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: `Enviar certificados de ${lastYear}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar certificados' }));
    expect(await within(section).findByText('12 certificados programados')).toBeInTheDocument();
    expect(sent).toEqual([{ anio: lastYear }]);
    expect(section).toHaveTextContent('3 ya estaban programados o enviados');
    const excluded = within(section).getByRole('list', { name: 'Donantes sin certificado por correo' });
    expect(within(excluded).getAllByRole('listitem')).toHaveLength(2);
    expect(within(excluded).getByRole('link', { name: 'Carla Ruiz' })).toHaveAttribute('href', '/personas/9');
    expect(within(excluded).getByText('No tiene correo electrónico')).toBeInTheDocument();
    expect(within(excluded).getByText('No ha dado su consentimiento para recibir correos')).toBeInTheDocument();
  });

  it("shows the server's Spanish message when the sending is refused", async () => {
    answerCommon();
    server.use(
      http.get('/api/fiscal/modelo-182/revision', () => HttpResponse.json(review(lastYear))),
      http.post('/api/certificados-donaciones/enviar', () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'Falta el NIF de la entidad en Configuración.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    const section = await screen.findByRole('region', { name: 'Certificados de donaciones' });
    await user.click(within(section).getByRole('button', { name: `Enviar certificados de ${lastYear}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar certificados' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Falta el NIF de la entidad en Configuración.');
  });
});
