import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../testing/server';
import { CesionApp } from './cesion-app';

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('CesionApp: the surrender form on a phone', { timeout: 20_000 }, () => {
  afterEach(() => sessionStorage.clear());

  it('keeps what was typed across a reload (not the honeypot), and forgets it once sent', async () => {
    let sent: FormData | undefined;
    server.use(
      http.post('/api/public/cesiones', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ id: 41 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const first = render(<CesionApp />);
    await user.type(screen.getByLabelText('Tu nombre'), 'Elena');
    await user.type(screen.getByLabelText('DNI o NIE'), 'x1234567l');
    await user.type(screen.getByLabelText('Motivo'), 'Me mudo.');
    await user.click(screen.getByRole('radio', { name: 'Perro' }));
    first.unmount();

    // The tab is reloaded (Android, after the camera): the form comes back as it was.
    const second = render(<CesionApp />);
    expect(screen.getByLabelText('Tu nombre')).toHaveValue('Elena');
    expect(screen.getByLabelText('DNI o NIE')).toHaveValue('x1234567l');
    expect(screen.getByLabelText('Motivo')).toHaveValue('Me mudo.');
    expect(screen.getByRole('radio', { name: 'Perro' })).toBeChecked();
    await user.type(screen.getByLabelText('Correo electrónico'), 'elena@example.org');
    await user.click(screen.getByRole('radio', { name: 'Macho' }));
    await user.type(screen.getByLabelText('Edad aproximada'), '4 años');
    await user.type(screen.getByLabelText('Su nombre'), 'Lupo');
    await user.click(screen.getByRole('radio', { name: /^Alta/ }));
    await user.click(screen.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad.' }));
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('heading', { name: 'Hemos recibido tu solicitud' })).toBeInTheDocument();
    expect(sent?.get('nombre')).toBe('Elena');
    expect(sent?.get('documento')).toBe('x1234567l');
    second.unmount();
    render(<CesionApp />);
    expect(screen.getByLabelText('Tu nombre')).toHaveValue('');
  });

  it("asks for the owner's DNI or NIE, says why, and refuses a wrong check letter before sending", async () => {
    let sent = false;
    server.use(
      http.post('/api/public/cesiones', () => {
        sent = true;
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<CesionApp />);
    const field = screen.getByRole('textbox', { name: 'DNI o NIE' });
    expect(field).toHaveAccessibleDescription(/contrato de cesión y el cambio de titular del microchip/);
    await user.type(field, '12345678A');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/revisa la letra de control/);
    expect(sent).toBe(false);
  });

  it('lists each chosen photo with its thumbnail and a button to take it out, and sends the rest', async () => {
    let sent: FormData | undefined;
    server.use(
      http.post('/api/public/cesiones', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Revisa los campos.' }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    render(<CesionApp />);
    const input = screen.getByLabelText(/Fotos \(hasta \d\)/);
    expect(input).toHaveAccessibleDescription(/Las fotos grandes se reducen en tu móvil/);
    await user.upload(input, [photo('a.jpg'), photo('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Foto 2 elegida' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar foto 1' }));
    expect(screen.getAllByRole('img', { name: /elegida/ })).toHaveLength(1);
    expect(screen.getByText('b.jpg')).toBeInTheDocument();
    expect(sent).toBeUndefined();
  });
});
