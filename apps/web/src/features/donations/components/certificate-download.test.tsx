import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon, fee, feesPage, gift, giftsPage } from '../testing/fixtures';
import { PersonMoneySection } from './page-sections';

const lastYear = new Date().getFullYear() - 1;

function answerPerson() {
  const asked: string[] = [];
  answerCommon();
  server.use(
    http.get('/api/cuotas', () =>
      HttpResponse.json(feesPage([fee(2, { tipo: 'padrino', mascota: { id: 9, nombre: 'Canela' }, recibirNovedades: false })])),
    ),
    http.get('/api/donativos', () => HttpResponse.json(giftsPage([gift(4)], 1250))),
    http.get('/api/personas/:id/certificado-donaciones', ({ request, params }) => {
      const anio = new URL(request.url).searchParams.get('anio') ?? '';
      asked.push(`${String(params.id)}:${anio}`);
      if (anio === String(lastYear))
        return HttpResponse.json(
          { code: 'NOT_FOUND', message: `Esta persona no tiene donativos registrados en ${anio} (sin contar los anulados ni los devueltos).` },
          { status: 404 },
        );
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf' } });
    }),
  );
  return asked;
}

describe('Certificado de donaciones on the person page', () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks for last year by default, shows the server's Spanish refusal without saving anything, then saves the PDF of another year", async () => {
    const asked = answerPerson();
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:certificado';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderWithProviders(<PersonMoneySection personId={7} />, { path: '/personas/7' });
    const section = await screen.findByRole('region', { name: 'Certificado de donaciones' });
    // The sponsor's news switch is on the person's fees too.
    expect(await screen.findByRole('switch', { name: 'Recibe novedades de Canela (Ana García)' })).not.toBeChecked();

    expect(within(section).getByLabelText('Año del certificado', { selector: 'input' })).toHaveValue(String(lastYear));
    await user.click(within(section).getByRole('button', { name: 'Descargar certificado' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(`Esta persona no tiene donativos registrados en ${lastYear}`);
    expect(asked).toEqual([`7:${lastYear}`]);
    expect(clicked).toHaveLength(0);

    await user.click(within(section).getByLabelText('Año del certificado', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: String(lastYear - 1) }));
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Descargar certificado' }));
    await waitFor(() => expect(clicked).toEqual([`certificado_donaciones_${lastYear - 1}_7.pdf`]));
    expect(asked.at(-1)).toBe(`7:${lastYear - 1}`);
    expect(new Uint8Array(await saved!.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });
});
