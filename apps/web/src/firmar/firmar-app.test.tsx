import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server';
import { FAKE_PNG, fakeCanvas } from './fake-canvas';
import { FirmarApp } from './firmar-app';
import { signatureMessages } from './signature-fields';

const TOKEN = 'tok_abc';
const view = {
  titulo: 'Contrato de adopción de Luna',
  pdfUrl: `/api/firma/${TOKEN}/pdf`,
  firmante: { nombre: 'Marta', email: 'm***@gmail.com' },
  estado: 'enviado',
  venceEn: '2026-12-08T10:00:00.000Z',
  tipo: 'contrato_adopcion',
  organizacion: { nombre: 'Protectora Huellas' },
};
const refusal = (status: number, message: string, fieldErrors?: Record<string, string>) =>
  HttpResponse.json({ code: 'X', message, requestId: 'r', ...(fieldErrors && { fieldErrors }) }, { status });

/** Draws one stroke on the pad with the mouse (pointer events, as signature_pad reads them). */
function draw(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { buttons: 1, pointerId: 1, clientX: 10, clientY: 10, isPrimary: true });
  fireEvent.pointerMove(document, { buttons: 1, pointerId: 1, clientX: 40, clientY: 30 });
  fireEvent.pointerMove(document, { buttons: 1, pointerId: 1, clientX: 80, clientY: 20 });
  fireEvent.pointerUp(document, { buttons: 0, pointerId: 1, clientX: 80, clientY: 20 });
}

beforeEach(() => fakeCanvas());
afterEach(() => vi.restoreAllMocks());

describe('the public signing page', () => {
  it('shows the contract, sends the code, and signs with the typed code, name, drawing and acceptance', async () => {
    const signed: unknown[] = [];
    server.use(
      http.get(`/api/firma/${TOKEN}`, () => HttpResponse.json(view)),
      http.post(`/api/firma/${TOKEN}/codigo`, () =>
        HttpResponse.json({ enviadoA: 'm***@gmail.com', venceEn: '2026-11-24T10:15:00.000Z' }, { status: 202 }),
      ),
      http.post(`/api/firma/${TOKEN}`, async ({ request }) => {
        signed.push(await request.json());
        return HttpResponse.json({ estado: 'firmado', sha256: 'ab'.repeat(32) });
      }),
    );
    const user = userEvent.setup();
    render(<FirmarApp token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contrato de adopción de Luna' })).toBeInTheDocument();
    expect(screen.getByText('Protectora Huellas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir el contrato (PDF)' })).toHaveAttribute('href', `/api/firma/${TOKEN}/pdf`);
    expect(screen.getByText(/m\*\*\*@gmail\.com/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }));
    expect(await screen.findByText(/Código enviado a m\*\*\*@gmail\.com/)).toBeInTheDocument();
    const code = screen.getByLabelText('Código de 6 cifras');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.type(screen.getByLabelText('Nombre completo'), 'Marta García López');
    draw(screen.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
    await user.click(screen.getByRole('checkbox', { name: 'He leído y acepto el contrato' }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));

    expect(await screen.findByRole('heading', { name: 'Contrato firmado' })).toBeInTheDocument();
    expect(screen.getByText(/copia firmada por correo a m\*\*\*@gmail\.com/)).toBeInTheDocument();
    expect(signed).toEqual([{ codigo: '123456', nombreCompleto: 'Marta García López', firma: FAKE_PNG, acepta: true }]);
  });

  it("signs a return's acta: the organisation in the header, the acta's title as the heading, the acta named throughout", async () => {
    server.use(
      http.get(`/api/firma/${TOKEN}`, () =>
        HttpResponse.json({ ...view, titulo: 'Acta de devolución de Tango', tipo: 'acta_devolucion', organizacion: { nombre: 'Refugio Patitas' } }),
      ),
      http.post(`/api/firma/${TOKEN}`, () => HttpResponse.json({ estado: 'firmado', sha256: 'ab'.repeat(32) })),
    );
    const user = userEvent.setup();
    render(<FirmarApp token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acta de devolución de Tango' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Refugio Patitas');
    expect(screen.getByRole('link', { name: 'Abrir el acta (PDF)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código de 6 cifras'), '123456');
    await user.type(screen.getByLabelText('Nombre completo'), 'Andrés Gil Peña');
    draw(screen.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
    await user.click(screen.getByRole('checkbox', { name: 'He leído y acepto el acta' }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByRole('heading', { name: 'Acta firmada' })).toBeInTheDocument();
    expect(screen.getByText(/es tu acta de devolución/)).toBeInTheDocument();
  });

  it('sends nothing while the code, the name, the drawing or the acceptance is missing; "Borrar" empties the pad', async () => {
    let posts = 0;
    server.use(
      http.get(`/api/firma/${TOKEN}`, () => HttpResponse.json(view)),
      http.post(`/api/firma/${TOKEN}`, () => {
        posts += 1;
        return HttpResponse.json({ estado: 'firmado', sha256: 'x' });
      }),
    );
    const user = userEvent.setup();
    render(<FirmarApp token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Firmar' }));
    expect(screen.getByText('Pide el código y escríbelo aquí.')).toBeInTheDocument();
    expect(screen.getByText(signatureMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(signatureMessages.signatureRequired)).toBeInTheDocument();
    expect(screen.getByText(signatureMessages.acceptRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de 6 cifras')).toHaveFocus();

    await user.type(screen.getByLabelText('Código de 6 cifras'), '123456');
    await user.type(screen.getByLabelText('Nombre completo'), 'Marta');
    await user.click(screen.getByRole('checkbox', { name: 'He leído y acepto el contrato' }));
    // Each error goes as soon as its field is fixed.
    expect(screen.queryByText(signatureMessages.nameRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(signatureMessages.acceptRequired)).not.toBeInTheDocument();
    expect(screen.queryByText('Pide el código y escríbelo aquí.')).not.toBeInTheDocument();
    expect(screen.getByText(signatureMessages.signatureRequired)).toBeInTheDocument();
    const pad = screen.getByRole('img', { name: 'Recuadro para dibujar la firma' });
    draw(pad);
    await user.click(screen.getByRole('button', { name: 'Borrar' }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(screen.getByText(signatureMessages.signatureRequired)).toBeInTheDocument();
    expect(screen.queryByText(signatureMessages.nameRequired)).not.toBeInTheDocument();
    expect(posts).toBe(0);

    // Whoever cannot draw signs with the typed name written into the pad.
    await user.click(screen.getByRole('button', { name: 'Usar mi nombre como firma' }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(posts).toBe(1));
  });

  it('a wrong code and a locked link show the server words and keep everything typed', async () => {
    let answer = refusal(400, 'El código no es correcto. Te quedan 3 intentos.');
    server.use(
      http.get(`/api/firma/${TOKEN}`, () => HttpResponse.json(view)),
      http.post(`/api/firma/${TOKEN}/codigo`, () => refusal(429, 'Has pedido demasiados códigos. Espera una hora.')),
      http.post(`/api/firma/${TOKEN}`, () => answer.clone()),
    );
    const user = userEvent.setup();
    render(<FirmarApp token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Enviarme el código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Has pedido demasiados códigos. Espera una hora.');
    await user.type(screen.getByLabelText('Código de 6 cifras'), '000000');
    await user.type(screen.getByLabelText('Nombre completo'), 'Marta García');
    draw(screen.getByRole('img', { name: 'Recuadro para dibujar la firma' }));
    await user.click(screen.getByRole('checkbox', { name: 'He leído y acepto el contrato' }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByText('El código no es correcto. Te quedan 3 intentos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de 6 cifras')).toHaveFocus();

    answer = refusal(423, 'El enlace se ha bloqueado tras 5 códigos incorrectos. Pide a la protectora un enlace nuevo.');
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(
      await screen.findByText('El enlace se ha bloqueado tras 5 códigos incorrectos. Pide a la protectora un enlace nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre completo')).toHaveValue('Marta García');
    expect(screen.getByLabelText('Código de 6 cifras')).toHaveValue('000000');
    expect(screen.getByRole('checkbox', { name: 'He leído y acepto el contrato' })).toBeChecked();
  });

  it('an unknown link, an expired one and a signed one each explain themselves', async () => {
    server.use(http.get(`/api/firma/${TOKEN}`, () => refusal(404, 'No encontrado')));
    const first = render(<FirmarApp token={TOKEN} />);
    expect(await screen.findByText('Este enlace no es válido.')).toBeInTheDocument();
    first.unmount();

    const expired = 'El enlace para firmar caducó el 8 de diciembre. Pide a Protectora Huellas uno nuevo.';
    server.use(http.get(`/api/firma/${TOKEN}`, () => refusal(410, expired)));
    const second = render(<FirmarApp token={TOKEN} />);
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'El enlace ha caducado' })).toBeInTheDocument();
    second.unmount();

    server.use(http.get(`/api/firma/${TOKEN}`, () => HttpResponse.json({ ...view, estado: 'firmado' })));
    render(<FirmarApp token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Este contrato ya está firmado.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar' })).not.toBeInTheDocument();
  });

  it('a link signed meanwhile (409) says so instead of the form', async () => {
    server.use(
      http.get(`/api/firma/${TOKEN}`, () => HttpResponse.json(view)),
      http.post(`/api/firma/${TOKEN}`, () => refusal(409, 'Este contrato ya está firmado.')),
    );
    const user = userEvent.setup();
    render(<FirmarApp token={TOKEN} />);
    await user.type(await screen.findByLabelText('Código de 6 cifras'), '123456');
    await user.type(screen.getByLabelText('Nombre completo'), 'Marta');
    await user.click(screen.getByRole('button', { name: 'Usar mi nombre como firma' }));
    await user.click(screen.getByRole('checkbox', { name: 'He leído y acepto el contrato' }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByRole('heading', { name: 'Este contrato ya está firmado.' })).toBeInTheDocument();
  });
});
