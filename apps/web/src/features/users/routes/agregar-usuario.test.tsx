import { userMessages, type User } from '@refugio/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { Component as AgregarUsuario } from './agregar-usuario';

const createdUser: User = {
  id: 'u1',
  name: 'Ana',
  lastname: 'Pérez',
  mail: 'ana@refugio.org',
  permisos: 'basico',
  color: '#3B82F6',
  rol: 'Equipo',
  disabled: false,
  mustChangePassword: true,
  twoFactorEnabled: false,
  rolOrganizacion: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderScreen() {
  return renderWithProviders(<AgregarUsuario />, { path: '/usuarionuevo', routes: [{ path: '/lista', element: <h1>Lista de Usuarios</h1> }] });
}

describe('Agregar Usuario', () => {
  it('shows the validation messages under the fields and sends nothing', async () => {
    let requests = 0;
    server.use(http.post('/api/users', () => void (requests += 1)));
    const { user } = renderScreen();

    await user.type(screen.getByRole('textbox', { name: /correo electrónico/i }), 'no-es-un-correo');
    await user.type(screen.getByLabelText(/contraseña/i), 'corta');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    expect(await screen.findByText(userMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(userMessages.mailInvalid)).toBeInTheDocument();
    expect(screen.getByText(userMessages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /nombre/i })).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
  });

  it("shows the server's field error on its field and stays on the form", async () => {
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          { code: 'CONFLICT', message: 'Revisa los datos.', fieldErrors: { mail: userMessages.mailTaken }, requestId: 'r1' },
          { status: 409 },
        ),
      ),
    );
    const { user, router } = renderScreen();

    await user.type(screen.getByRole('textbox', { name: /nombre/i }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /correo electrónico/i }), 'ana@refugio.org');
    await user.type(screen.getByLabelText(/contraseña/i), 'una-clave-larga-y-rara');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    const mail = screen.getByRole('textbox', { name: /correo electrónico/i });
    expect(await screen.findByText(userMessages.mailTaken)).toBeInTheDocument();
    expect(mail).toHaveAttribute('aria-invalid', 'true');
    expect(mail).toHaveFocus();
    expect(router.state.location.pathname).toBe('/usuarionuevo');
  });

  it("shows the server's reason for refusing the password under the password field, naming the new person", async () => {
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_ERROR',
            message: userMessages.passwordPersonName,
            fieldErrors: { password: userMessages.passwordPersonName },
            requestId: 'r2',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderScreen();

    await user.type(screen.getByRole('textbox', { name: /nombre/i }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /correo electrónico/i }), 'ana@refugio.org');
    await user.type(screen.getByLabelText(/contraseña/i), 'Ana.Perez.2026');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    const reason = 'La contraseña no puede basarse en el nombre ni en el correo de la persona. Elige otra.';
    expect(await screen.findByText(reason)).toBeInTheDocument();
    // Read with the field: its description names the reason.
    expect(screen.getByLabelText(/contraseña/i)).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(screen.queryByText(/tu nombre/)).not.toBeInTheDocument();
  });

  it('refuses a password with control characters in the browser and sends nothing', async () => {
    let requests = 0;
    server.use(http.post('/api/users', () => void (requests += 1)));
    const { user } = renderScreen();

    await user.type(screen.getByRole('textbox', { name: /nombre/i }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /correo electrónico/i }), 'ana@refugio.org');
    await user.click(screen.getByLabelText(/contraseña/i));
    await user.paste('paseos\u0000por-el-parque');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    expect(await screen.findByText(userMessages.passwordControlChars)).toBeInTheDocument();
    expect(requests).toBe(0);
  });

  it('sends the new account, shows the success toast and goes to the list', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/users', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(createdUser, { status: 201 });
      }),
    );
    const { user, router } = renderScreen();

    await user.type(screen.getByRole('textbox', { name: /nombre/i }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /apellido/i }), 'Pérez');
    await user.type(screen.getByRole('textbox', { name: /correo electrónico/i }), 'Ana@Refugio.org');
    await user.type(screen.getByLabelText(/contraseña/i), 'una-clave-larga-y-rara');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    expect(await screen.findByText(userMessages.created)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lista de Usuarios' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lista');
    expect(sent).toMatchObject({ name: 'Ana', lastname: 'Pérez', mail: 'ana@refugio.org', password: 'una-clave-larga-y-rara' });
  });
});
