import type { Modelo182Presentation, Modelo182Review } from '@refugio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { answerCommon } from '../testing/fixtures';
import { Component as Modelo182 } from './modelo-182';

const lastYear = new Date().getFullYear() - 1;
// The organisation's zone in these tests is UTC (answerCommon).
const today = new Date().toISOString().slice(0, 10);

const presentation = (changes: Partial<Modelo182Presentation> = {}): Modelo182Presentation => ({
  id: 1,
  anio: lastYear,
  presentadaEn: `${lastYear + 1}-01-20`,
  justificante: '1820000000011',
  tipo: 'normal',
  justificanteAnterior: null,
  numero: 2,
  importeTotalCentimos: 15029,
  presentadaPor: 'Ada López',
  createdAt: '2026-01-20T10:00:00.000Z',
  ...changes,
});

async function expectNoAxeViolations() {
  // Colour contrast needs a real browser (the journeys check it); `region`: the screen is rendered outside the app shell.
  const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

const review = (anio: number): Modelo182Review => ({
  anio,
  incluidos: [
    {
      persona: { id: 7, nombre: 'Ana García' },
      nif: '12345678Z',
      naturaleza: 'F',
      provincia: '28',
      pais: null,
      importe: 150,
      importeCentimos: 15000,
      recurrencia: 1,
    },
    {
      persona: { id: 8, nombre: 'Bruno Sanz' },
      nif: 'B12345674',
      naturaleza: 'J',
      provincia: '08',
      pais: null,
      importe: 0.29,
      importeCentimos: 29,
      recurrencia: 2,
    },
  ],
  excluidos: [
    { persona: { id: 9, nombre: 'Carla Ruiz' }, importe: 30, importeCentimos: 3000, motivo: 'sin_nif' },
    { persona: { id: 10, nombre: 'Dani Gil' }, importe: 5, importeCentimos: 500, motivo: 'sin_codigo_postal' },
  ],
  totalCentimos: 15029,
  presentaciones: [],
  cambio: null,
});

function answerReview() {
  const asked: string[] = [];
  answerCommon();
  server.use(
    http.get('/api/fiscal/modelo-182/revision', ({ request }) => {
      const anio = new URL(request.url).searchParams.get('anio') ?? '';
      asked.push(anio);
      return HttpResponse.json(review(Number(anio)));
    }),
  );
  return asked;
}

describe('Socios y donativos · Modelo 182', () => {
  afterEach(() => vi.restoreAllMocks());

  it('once presented and changed since, says who presented it and that the file is a substitute declaration, and offers it', async () => {
    answerCommon();
    server.use(
      http.get('/api/fiscal/modelo-182/revision', ({ request }) =>
        HttpResponse.json({
          ...review(Number(new URL(request.url).searchParams.get('anio'))),
          presentaciones: [presentation()],
          cambio: { tipo: 'sustitutiva', justificanteAnterior: '1820000000011', altas: 0, cambios: 1, bajas: 0 },
        }),
      ),
    );
    renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    expect(await screen.findByText(`Presentado el 20/01/${lastYear + 1} por Ada López (justificante 1820000000011)`)).toBeInTheDocument();
    expect(screen.getByText(/el archivo que se descarga ahora es una declaración/i)).toHaveTextContent(
      'sustitutiva de la anterior (1820000000011): lleva a todos los donantes y sustituye por completo a la presentada.',
    );
    expect(screen.getByText(/Ha cambiado desde entonces/)).toHaveTextContent(
      '0 donantes nuevos, 1 importe cambiado, 0 donantes que ya no se declaran',
    );
    expect(screen.getByRole('button', { name: 'Descargar la declaración sustitutiva' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Marcar como presentada la declaración sustitutiva' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('"Marcar como presentado": explains what it means, checks the justificante, sends the day and number, then shows the year presented', async () => {
    answerCommon('Tesorería');
    const sent: unknown[] = [];
    let presented: Modelo182Presentation | null = null;
    server.use(
      http.get('/api/fiscal/modelo-182/revision', ({ request }) =>
        HttpResponse.json({ ...review(Number(new URL(request.url).searchParams.get('anio'))), presentaciones: presented ? [presented] : [] }),
      ),
      http.post('/api/fiscal/modelo-182/presentaciones', async ({ request }) => {
        const body = (await request.json()) as { presentadaEn: string; justificante: string };
        sent.push(body);
        if (body.justificante === '1820000000099') {
          return HttpResponse.json({ code: 'CONFLICT', message: 'Ese justificante ya se usó en otra presentación.' }, { status: 409 });
        }
        presented = presentation({ presentadaEn: body.presentadaEn, justificante: body.justificante, presentadaPor: 'Tere Sánchez' });
        return HttpResponse.json(presented, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    await screen.findByRole('region', { name: /Se declaran/ });
    await user.click(screen.getByRole('button', { name: 'Marcar como presentado' }));
    const dialog = await screen.findByRole('dialog', { name: `Marcar como presentado el modelo 182 de ${lastYear}` });
    expect(dialog).toHaveTextContent('declaración complementaria (solo añade donantes que faltaban) o sustitutiva (sustituye a esta)');
    expect(dialog).toHaveTextContent('No se puede deshacer.');
    expect(within(dialog).getByLabelText(/Fecha de presentación/)).toHaveValue(today);
    await expectNoAxeViolations();

    // Checked here as the server checks it: 13 digits starting with 182; nothing is sent.
    await user.type(within(dialog).getByLabelText(/Número de justificante/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como presentado' }));
    expect(await within(dialog).findByText('El número de justificante son 13 cifras que empiezan por 182.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // The server's refusal stays in the dialog with what was typed.
    await user.clear(within(dialog).getByLabelText(/Número de justificante/));
    await user.type(within(dialog).getByLabelText(/Número de justificante/), '1820000000099');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como presentado' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ese justificante ya se usó en otra presentación.');
    expect(within(dialog).getByLabelText(/Número de justificante/)).toHaveValue('1820000000099');

    await user.clear(within(dialog).getByLabelText(/Número de justificante/));
    await user.type(within(dialog).getByLabelText(/Número de justificante/), '1820000000042');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como presentado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ anio: lastYear, presentadaEn: today, justificante: '1820000000042' });
    const day = today.split('-').reverse().join('/');
    expect(await screen.findByText(`Presentado el ${day} por Tere Sánchez (justificante 1820000000042)`)).toBeInTheDocument();
    expect(screen.getByText('Nada ha cambiado desde la presentación: el archivo es el presentado.')).toBeInTheDocument();
    // Presented and unchanged: nothing new to present (the server would answer 409).
    expect(screen.queryByRole('button', { name: /Marcar como presentad/ })).not.toBeInTheDocument();
  });

  it('offers "Marcar como presentado" to no role the server refuses, nor for the current year (not presentable until January)', async () => {
    answerCommon('Equipo');
    server.use(
      http.get('/api/fiscal/modelo-182/revision', ({ request }) => HttpResponse.json(review(Number(new URL(request.url).searchParams.get('anio'))))),
    );
    const { unmount } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    await screen.findByRole('region', { name: /Se declaran/ });
    expect(screen.queryByRole('button', { name: 'Marcar como presentado' })).not.toBeInTheDocument();
    unmount();

    answerCommon('Coordinación');
    const { router } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    expect(await screen.findByRole('button', { name: 'Marcar como presentado' })).toBeInTheDocument();
    await router.navigate(`/donativos/modelo-182?anio=${lastYear + 1}`);
    await waitFor(() => expect(screen.getByLabelText('Año', { selector: 'input' })).toHaveValue(String(lastYear + 1)));
    await screen.findByRole('region', { name: /Se declaran/ });
    expect(screen.queryByRole('button', { name: 'Marcar como presentado' })).not.toBeInTheDocument();
  });

  it('shows last year by default: who is declared with the total, who is left out and why, with a link to fix them', async () => {
    const asked = answerReview();
    const { user } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });

    const included = await screen.findByRole('region', { name: /Se declaran/ });
    expect(asked[0]).toBe(String(lastYear));
    expect(within(included).getByText('150,00 €')).toBeInTheDocument();
    expect(within(included).getByText('0,29 €')).toBeInTheDocument();
    expect(within(included).getByText('150,29 €')).toBeInTheDocument();
    expect(within(included).getByText('Recurrente')).toBeInTheDocument();
    expect(within(included).getByRole('link', { name: 'Ana García' })).toHaveAttribute('href', '/personas/7');

    const excluded = screen.getByRole('region', { name: /Quedan fuera/ });
    expect(within(excluded).getByText('Falta el NIF o no es válido')).toBeInTheDocument();
    expect(within(excluded).getByText('Falta el código postal o no es válido')).toBeInTheDocument();
    expect(within(excluded).getByRole('link', { name: 'Corregir la ficha de Carla Ruiz' })).toHaveAttribute('href', '/personas/9');

    await user.click(screen.getByLabelText('Año', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: String(lastYear - 1) }));
    await waitFor(() => expect(asked.at(-1)).toBe(String(lastYear - 1)));
  });

  it('says the organisation NIF is missing (409) and links to Configuración', async () => {
    answerReview();
    server.use(
      http.get('/api/fiscal/modelo-182', () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'Falta el NIF de la entidad en Configuración.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    await screen.findByRole('region', { name: /Se declaran/ });
    await user.click(screen.getByRole('button', { name: 'Descargar modelo 182' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Faltan datos de la entidad')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Falta el NIF de la entidad en Configuración.');
    expect(within(alert).getByRole('link', { name: 'Configuración' })).toHaveAttribute('href', '/configuracion');
  });

  it('downloads the file as the server sent it, named by the year', async () => {
    answerReview();
    const bytes = new Uint8Array([0x31, 0xd1, 0x0d, 0x0a]);
    server.use(http.get('/api/fiscal/modelo-182', () => new HttpResponse(bytes, { headers: { 'content-type': 'text/plain; charset=iso-8859-1' } })));
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:modelo';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderWithProviders(<Modelo182 />, { path: '/donativos/modelo-182' });
    await screen.findByRole('region', { name: /Se declaran/ });
    await user.click(screen.getByRole('button', { name: 'Descargar modelo 182' }));
    await waitFor(() => expect(clicked).toEqual([`modelo182_${lastYear}.txt`]));
    expect(new Uint8Array(await saved!.arrayBuffer())).toEqual(bytes);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
