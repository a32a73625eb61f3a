import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { createPet, unique } from './support/pets';

/*
 * Every screen has its own page title, in Spanish, in one scheme: "{screen} · Refugio Admin" in the staff app
 * (the public registration forms it serves included) and "{screen} · Adopta un amigo" on the public pages.
 */

async function titleOf(page: Page, path: string, heading: RegExp | string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  // React sets the title as the screen renders; wait until it is the screen's, not the start page's.
  await expect(page).not.toHaveTitle('Refugio Admin');
  return page.title();
}

test('cada pantalla tiene su propio título', async ({ page, browser, baseURL }) => {
  await signIn(page, 'admin');
  const nombre = `Título ${unique()}`;
  const id = await createPet(page, { nombre, estado: 'publicada' });

  const staff: [string, RegExp | string][] = [
    ['/', 'Mascotas'],
    ['/paquetes', 'Paquetes'],
    ['/borradores', 'Publicaciones Programadas'],
    ['/dashboard', 'Panel de control'],
    ['/agregar', 'Agregar Mascota'],
    [`/mascota/${id}`, nombre],
    [`/editar/${id}`, 'Editar Mascota'],
    [`/imagenes/${id}`, new RegExp(nombre)],
    [`/mascota/${id}/salud`, `Salud de ${nombre}`],
    ['/cuidados', 'Cuidados'],
    ['/protocolos', 'Protocolos'],
    ['/lista', 'Lista de Usuarios'],
    ['/usuarionuevo', /Agregar Usuario|Nuevo usuario/],
    ['/solicitud-publicacion', /Solicitudes de publicación/i],
    ['/formularios', 'Formularios de Solicitud'],
    ['/enlaces-admin', 'Enlaces de Registro'],
    ['/libro-registro', 'Libro de registro'],
    ['/inspecciones', 'Inspecciones'],
    ['/memoria', /Memoria anual/],
    ['/informes', 'Informes'],
    ['/turnos', 'Voluntariado'],
    ['/importar', 'Importar'],
    ['/cesiones', 'Cesiones'],
    ['/perdidos-encontrados', 'Perdidos y encontrados'],
    ['/blocks/styles', /Guía de estilos/i],
    ['/no-existe', /no encontrada/i],
  ];
  const titles = new Map<string, string>();
  for (const [path, heading] of staff) titles.set(path, await titleOf(page, path, heading));

  const visitor = await browser.newContext({ baseURL, locale: 'es-ES' });
  const anonymous = await visitor.newPage();
  for (const [path, heading] of [
    ['/login', 'Te damos la bienvenida'],
    ['/registro-mascota', 'Registro de Mascota'],
    ['/registro-mascota-mobile', 'Registro de Mascota'],
  ] as const)
    titles.set(path, await titleOf(anonymous, path, heading));
  await visitor.close();

  for (const [path, title] of titles) expect(title, path).toMatch(/^\S.* · Refugio Admin$/);
  const repeated = [...titles].filter(([, title]) => [...titles.values()].filter((t) => t === title).length > 1);
  expect(repeated, 'títulos repetidos').toEqual([]);

  // The public pages, in their own name.
  await page.goto('/adopta');
  await expect(page.getByRole('heading', { level: 1, name: 'Mascotas en adopción' })).toBeVisible();
  await expect(page).toHaveTitle('Mascotas en adopción · Adopta un amigo');
});
