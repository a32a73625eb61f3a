import type { Template } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { TemplateEditor } from './template-editor';

const contract: Template = {
  clave: 'contrato_adopcion',
  titulo: 'Contrato de adopción',
  asunto: '',
  cuerpo: '# Contrato de adopción de {{mascota.nombre}}\n\nLa cuota es **{{cuota}}**.',
  activa: true,
  automatica: false,
  personalizada: false,
  variables: [
    { nombre: 'mascota.nombre', descripcion: 'Nombre de la mascota' },
    { nombre: 'mascota.microchip', descripcion: 'Microchip de la mascota' },
    { nombre: 'cuota', descripcion: 'Cuota de adopción' },
  ],
  version: 0,
  updatedAt: null,
};

describe('the adoption contract template', { timeout: 20_000 }, () => {
  it('has no subject, lists its variables and previews the rendered document; saving sends an empty subject', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post('/api/plantillas/contrato_adopcion/vista-previa', async ({ request }) => {
        const body = (await request.json()) as { cuerpo: string };
        const heading = body.cuerpo.includes('Cláusulas') ? '<h2>Cláusulas</h2>' : '';
        return HttpResponse.json({
          asunto: '',
          texto: 'Contrato de adopción de Luna',
          html: `<h1>Contrato de adopción de Luna</h1><p>La cuota es <strong>150,00 €</strong>.</p>${heading}<p>&lt;script&gt;</p>`,
        });
      }),
      http.put('/api/plantillas/contrato_adopcion', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json({ ...contract, ...body, version: 1, personalizada: true });
      }),
    );
    const { user } = renderWithProviders(<TemplateEditor template={contract} onDirtyChange={() => undefined} />);
    expect(screen.queryByRole('textbox', { name: 'Asunto' })).not.toBeInTheDocument();
    const variables = screen.getByRole('list', { name: /Variables/ });
    expect(within(variables).getByRole('button', { name: /microchip de la mascota/i })).toBeInTheDocument();

    const preview = await screen.findByTestId('template-preview');
    expect(await within(preview).findByRole('heading', { level: 1, name: 'Contrato de adopción de Luna' })).toBeInTheDocument();
    expect(within(preview).getByText('150,00 €').tagName).toBe('STRONG');
    expect(preview).toHaveTextContent('<script>');
    expect(preview.querySelector('script')).toBeNull();

    const body = screen.getByRole('textbox', { name: 'Texto' });
    await user.click(body);
    await user.keyboard('{Control>}{End}{/Control}{Enter}{Enter}## Cláusulas');
    await waitFor(() =>
      expect(within(screen.getByTestId('template-preview')).getByRole('heading', { level: 2, name: 'Cláusulas' })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ asunto: '', activa: true, version: 0 })]));
  });
});
