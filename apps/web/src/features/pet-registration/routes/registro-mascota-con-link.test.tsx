import type { LinkCheck } from '@refugio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as RegistroMascotaConLink } from './registro-mascota-con-link';

const contacto = { nombre: 'Refugio Patitas', email: 'hola@patitas.org', telefono: '+34 600 000 000' };
const valid = (restantes: number): LinkCheck => ({ valido: true, destinatario: 'Ana Rescates', restantes, venceEn: '2026-12-31T10:00:00.000Z' });

function answerLink(check: LinkCheck) {
  server.use(http.get('/api/public/enlaces/abc', () => HttpResponse.json(check)));
}

/** The screen at /registro-mascota/abc, as the app's router gives it its link id. */
async function renderAtLink() {
  const rendered = renderWithProviders(<p>Inicio</p>, {
    path: '/inicio',
    routes: [{ path: '/registro-mascota/:linkId', element: <RegistroMascotaConLink /> }],
  });
  await rendered.router.navigate('/registro-mascota/abc');
  return rendered;
}

describe('RegistroMascotaConLink (/registro-mascota/{linkId})', () => {
  afterEach(() => sessionStorage.clear());

  it('a used-up, expired or revoked link says whom to ask for a new one', async () => {
    answerLink({ valido: false, motivo: 'vencido', mensaje: 'Este enlace de registro venció.', contacto });
    await renderAtLink();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este enlace de registro venció.');
    expect(alert).toHaveTextContent('Para pedir un enlace nuevo, contacta con Refugio Patitas en hola@patitas.org o en el teléfono +34 600 000 000.');
    expect(screen.getByRole('link', { name: 'hola@patitas.org' })).toHaveAttribute('href', 'mailto:hola@patitas.org');
    expect(screen.getByRole('link', { name: '+34 600 000 000' })).toHaveAttribute('href', 'tel:+34600000000');
  });

  it('a failed submit puts the focus on the first field to fix and says so beside the button', async () => {
    answerLink(valid(2));
    const { user } = await renderAtLink();
    expect(await screen.findByText(/^Puedes registrar 2 mascotas más hasta el /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar registro' }));
    await screen.findByText('Revisa los campos marcados antes de enviar.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Tu nombre/ })).toHaveFocus());
    expect(screen.getByText('Revisa los campos marcados antes de enviar.')).toBeInTheDocument();
  });

  it('refuses a file that is not an image by its content, naming it', async () => {
    answerLink(valid(1));
    const { user } = await renderAtLink();
    await screen.findByText(/Puedes registrar 1 mascota más/);
    const input = document.querySelector<HTMLInputElement>('input[type="file"][name="image"]');
    expect(input).not.toBeNull();
    await user.upload(input!, new File(['no soy una foto'], 'gato.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('gato.jpg: El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).')).toBeInTheDocument();
  });

  it('the banner counts each registration as soon as it is sent ("Puedes registrar 1 mascota más")', async () => {
    answerLink(valid(2));
    server.use(http.post('/api/public/registro-mascota', () => HttpResponse.json({ id: 7 }, { status: 201 })));
    const { user } = await renderAtLink();
    await screen.findByText(/^Puedes registrar 2 mascotas más/);
    await user.type(screen.getByRole('textbox', { name: /Tu nombre/ }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /Tu correo electrónico/ }), 'ana@example.com');
    await user.type(screen.getByRole('textbox', { name: /Nombre de la mascota/ }), 'Luna');
    await user.type(screen.getByRole('textbox', { name: /Edad/ }), '2 años');
    await user.click(screen.getByRole('button', { name: 'Enviar registro' }));
    expect(await screen.findByRole('heading', { name: '¡Registro enviado!' })).toBeInTheDocument();
    expect(screen.getByText(/^Puedes registrar 1 mascota más/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar otra mascota' })).toBeInTheDocument();
  });
});
