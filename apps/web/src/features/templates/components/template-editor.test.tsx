import type { Template } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { TemplateEditor } from './template-editor';

const template: Template = {
  clave: 'solicitud_recibida',
  titulo: 'Solicitud de adopción recibida',
  asunto: 'Recibida: {{mascota.nombre}}',
  cuerpo: 'Hola, ',
  activa: true,
  automatica: true,
  personalizada: false,
  variables: [
    { nombre: 'persona.nombre', descripcion: 'Nombre de la persona' },
    { nombre: 'mascota.nombre', descripcion: 'Nombre de la mascota' },
  ],
  version: 0,
  updatedAt: null,
};

/** The server's preview, filled like the real one with sample values (only the two variables of this test). */
function previewHandler() {
  return http.post('/api/plantillas/:clave/vista-previa', async ({ request }) => {
    const body = (await request.json()) as { asunto: string; cuerpo: string };
    const fill = (text: string) => text.replaceAll('{{persona.nombre}}', 'Lucía').replaceAll('{{mascota.nombre}}', 'Luna');
    return HttpResponse.json({ asunto: fill(body.asunto), texto: fill(body.cuerpo), html: '' });
  });
}

describe('TemplateEditor', { timeout: 20_000 }, () => {
  it('previews live, inserts a variable where the cursor is, and saves with the version', async () => {
    const saved: unknown[] = [];
    server.use(
      previewHandler(),
      http.put('/api/plantillas/:clave', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json({ ...template, ...body, version: 1, personalizada: true, updatedAt: '2026-01-01T00:00:00.000Z' });
      }),
    );
    const onDirtyChange = vi.fn();
    const { user } = renderWithProviders(<TemplateEditor template={template} onDirtyChange={onDirtyChange} />);
    expect(await screen.findByText('Recibida: Luna')).toBeInTheDocument();

    const body = screen.getByRole('textbox', { name: 'Texto' });
    await user.click(body);
    await user.keyboard('{End}');
    await user.click(screen.getByRole('button', { name: 'Insertar nombre de la persona: {{persona.nombre}}' }));
    expect(body).toHaveValue('Hola, {{persona.nombre}}');
    await waitFor(() => expect(screen.getByTestId('template-preview')).toHaveTextContent('Hola, Lucía'));
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('switch', { name: /Activa/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() =>
      expect(saved).toEqual([{ asunto: 'Recibida: {{mascota.nombre}}', cuerpo: 'Hola, {{persona.nombre}}', activa: false, version: 0 }]),
    );
  });

  it('shows the server refusing an unknown variable and keeps what was typed', async () => {
    const message = 'La variable {{persona.apellido}} no existe en la plantilla «Solicitud de adopción recibida».';
    server.use(
      http.post('/api/plantillas/:clave/vista-previa', () =>
        HttpResponse.json({ code: 'VALIDATION_ERROR', message, requestId: 'x' }, { status: 400 }),
      ),
      http.put('/api/plantillas/:clave', () =>
        HttpResponse.json({ code: 'VALIDATION_ERROR', message, fieldErrors: { cuerpo: message }, requestId: 'x' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<TemplateEditor template={template} onDirtyChange={() => undefined} />);
    const body = screen.getByRole('textbox', { name: 'Texto' });
    await user.clear(body);
    await user.type(body, 'Hola {{{{persona.apellido}}');
    await user.click(screen.getByRole('button', { name: 'Guardar plantilla' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(body).toHaveValue('Hola {{persona.apellido}}');
    expect(screen.getByRole('button', { name: 'Guardar plantilla' })).toBeEnabled();
  });
});
