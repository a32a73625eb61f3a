import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { person } from '../../../testing/person-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { PersonDuplicates } from './person-duplicates';

// Two applications with one e-mail and two first names: two records, each a possible duplicate of the other.
const marta = person(1, {
  nombre: 'Marta',
  apellidos: 'Ruiz',
  email: 'familia@example.com',
  telefono: '+34600000001',
  ciudad: '',
  posiblesDuplicados: 1,
});
const martina = person(2, {
  nombre: 'Martina',
  apellidos: 'Ruiz',
  email: 'familia@example.com',
  telefono: null,
  ciudad: 'Bilbao',
  posiblesDuplicados: 1,
});

function answerDuplicates() {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/personas/1/duplicados', () => HttpResponse.json([{ persona: martina, motivos: ['mismo_email'] }])),
    http.post('/api/personas/1/fusionar', async ({ request }) => {
      calls.push({ path: 'fusionar', body: await request.json() });
      return HttpResponse.json({ ...marta, nombre: 'Martina', ciudad: 'Bilbao', posiblesDuplicados: 0, version: 2 });
    }),
    http.post('/api/personas/1/duplicados/2/descartar', () => {
      calls.push({ path: 'descartar', body: null });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('comparing and merging possible duplicates', () => {
  it('compares field by field and sends the chosen values with "Fusionar", after confirming', async () => {
    const calls = answerDuplicates();
    const { user } = renderWithProviders(<PersonDuplicates person={marta} />, { path: '/personas/1' });

    expect(await screen.findByText('Mismo correo electrónico')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comparar con Martina Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comparar Marta Ruiz con Martina Ruiz' });

    // Only the fields that differ get a choice; an empty value gives way to the other record's by default.
    const nombre = within(dialog).getByRole('radiogroup', { name: 'Nombre' });
    expect(within(nombre).getByRole('radio', { name: 'Marta' })).toBeChecked();
    const ciudad = within(dialog).getByRole('radiogroup', { name: 'Ciudad' });
    expect(within(ciudad).getByRole('radio', { name: 'Bilbao' })).toBeChecked();
    expect(within(dialog).queryByRole('radiogroup', { name: 'Correo electrónico' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Iguales en las dos: .*Correo electrónico \(familia@example.com\)/)).toBeInTheDocument();

    await user.click(within(nombre).getByRole('radio', { name: 'Martina' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fusionar' }));
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, fusionar' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      path: 'fusionar',
      body: { conId: 2, valores: { nombre: 'Martina', telefono: '+34600000001', ciudad: 'Bilbao' } },
    });
    expect(await screen.findByText('Las dos fichas son ahora una sola.')).toBeInTheDocument();
  });

  it('"No son la misma persona" dismisses the pair and merges nothing', async () => {
    const calls = answerDuplicates();
    const { user } = renderWithProviders(<PersonDuplicates person={marta} />, { path: '/personas/1' });

    await user.click(await screen.findByRole('button', { name: 'Comparar con Martina Ruiz' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'No son la misma persona' }));

    await waitFor(() => expect(calls).toEqual([{ path: 'descartar', body: null }]));
    expect(await screen.findByText('Marcadas como personas distintas.')).toBeInTheDocument();
  });
});
