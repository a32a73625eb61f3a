import { expectAccessible } from './support/accessibility';
import { expect, openSecondBrowser, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/**
 * Roles (DESIGN section 20) on a 390 px phone: a Voluntariado member who opens a money or shifts address sees the
 * no-permission page, and persons with their phone and document as `***`; once an administrator allows it on
 * "Configuración", the phone of the foster home holding a pet the member weighed shows, the document still does not.
 */
test('Voluntariado: no money screens, persons masked, and the foster home of its pet when allowed', async ({ page, browser, baseURL }) => {
  const id = unique();
  const member = { email: `voluntariado-${id}@refugio.test`, password: `temporal-${id}`, mine: `mi-frase-de-paseo-${id}` };
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const origin = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/users', {
    headers: origin,
    data: { name: 'Vera', lastname: 'Voluntaria', mail: member.email, password: member.password, rol: 'Voluntariado' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const person = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/personas', { headers: origin, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const fosterId = await person({ nombre: 'Rocío', apellidos: `Acoge ${id}`, telefono: '+34611223344', documento: 'Y7654321G', roles: ['acogida'] });
  const otherId = await person({ nombre: 'Sara', apellidos: `Otra ${id}`, telefono: '+34655443322', documento: 'Z1112223H' });
  const petId = await createPet(page, { nombre: `Luna ${id}`, tipo: 'Perro' });
  const pet = (await (await page.request.get(`/phpApi/mascota/${petId}`)).json()) as { version: number };
  const today = new Date().toISOString().slice(0, 10);
  const placed = await page.request.post(`/api/mascotas/${petId}/movimientos`, {
    headers: origin,
    data: { tipo: 'acogida', personaId: fosterId, fecha: today, version: pet.version },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  const { context, page: phone } = await openSecondBrowser(browser, baseURL);
  await phone.setViewportSize({ width: 390, height: 844 });
  expect(
    (await phone.request.post('/api/auth/sign-in/email', { headers: origin, data: { email: member.email, password: member.password } })).status(),
  ).toBe(200);
  const changed = await phone.request.post('/api/auth/change-password', {
    headers: origin,
    data: { currentPassword: member.password, newPassword: member.mine },
  });
  expect(changed.status()).toBe(200);
  // The member weighs Luna: it works with her.
  const weighed = await phone.request.post(`/api/mascotas/${petId}/salud`, {
    headers: origin,
    data: { tipo: 'peso', nombre: 'Peso', fechaRealizada: today, pesoKg: 11.5 },
  });
  expect(weighed.status(), await weighed.text()).toBe(201);

  // A money screen and the shifts, opened by their address: the no-permission page, in Spanish.
  for (const path of ['/donativos', '/donativos/remesas', '/turnos']) {
    await phone.goto(path);
    await expect(phone.getByRole('heading', { name: 'No tienes permiso para ver esta página.' })).toBeVisible();
  }
  await expectAccessible(phone, 'Sin permiso (390 px)');

  // Persons: read as text (a description list), phone and document hidden (the server sends ***).
  const personValue = (term: string) =>
    phone
      .getByRole('region', { name: 'Datos de la persona' })
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]');
  const expectMasked = async (personId: number) => {
    await phone.goto(`/personas/${personId}`);
    await expect(personValue('Teléfono')).toHaveText('Oculto para tu rol');
    await expect(personValue('DNI, NIE o pasaporte')).toHaveText('Oculto para tu rol');
    await expect(phone.getByRole('region', { name: 'Datos de la persona' }).getByRole('textbox')).toHaveCount(0);
  };
  await expectMasked(otherId);
  await expect(phone.locator('body')).not.toContainText('655443322');
  await expectAccessible(phone, 'Persona enmascarada (390 px)');
  await expectMasked(fosterId);

  // The administrator allows it on "Configuración".
  await page.goto('/configuracion');
  // A save needs the organisation's name (another journey may have given it one already).
  const orgName = page.getByRole('textbox', { name: 'Nombre' });
  await expect(orgName).toBeVisible();
  if ((await orgName.inputValue()) === '') await orgName.fill('Protectora Patitas');
  const allow = page.getByRole('switch', { name: /^Voluntariado ve el contacto de las casas de acogida/ });
  await expect(allow).not.toBeChecked();
  await allow.click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos de la organización guardados.')).toBeVisible();

  try {
    // From the pet's page: where it is, the foster home's name leading to its person page.
    await phone.goto(`/mascota/${petId}`);
    const place = phone.getByRole('region', { name: 'Dónde está' });
    await expect(place.getByText('En acogida', { exact: false })).toBeVisible();
    await expect(phone.getByRole('alert')).toHaveCount(0);
    await place.getByRole('link', { name: `Rocío Acoge ${id}` }).click();
    await expect(phone).toHaveURL(new RegExp(`/personas/${fosterId}$`));
    await expect(personValue('Teléfono')).toHaveText(/611\s?22\s?33\s?44|611223344/);
    await expect(personValue('DNI, NIE o pasaporte')).toHaveText('Oculto para tu rol');
    await expectMasked(otherId);
  } finally {
    // Back to the default for the other journeys on this server.
    const org = (await (await page.request.get('/api/organizacion')).json()) as Record<string, unknown>;
    const { nombre, email, telefono, direccion, web, zonaHoraria, version } = org;
    const off = await page.request.put('/api/organizacion', {
      headers: origin,
      data: { nombre, email, telefono, direccion, web, zonaHoraria, version, contactoAcogidaVoluntariado: false },
    });
    expect(off.status(), await off.text()).toBe(200);
    await context.close();
  }
});
