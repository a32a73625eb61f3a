import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';

/*
 * Publicaciones Programadas and the dashboard: a pet scheduled a few seconds ahead from /borradores becomes
 * public at its time (the signed-out gallery shows it) with nothing restarted; the dashboard draws its
 * charts and its counts are the server's and lead to their lists.
 */

const TZ = 'Europe/Madrid';

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Creates a pet with one gallery image through the API, with the page's session; answers its id. */
async function createPet(page: Page, nombre: string, extra: Record<string, string> = {}): Promise<number> {
  const headers = { origin: new URL(page.url()).origin };
  const res = await page.request.post('/phpApi/mascota/nueva', {
    headers,
    multipart: { nombre, edad: '2 años', tipo: 'Gato', genero: 'hembra', tamano: 'chico', fechaingreso: '2026-01-05 00:00:00', ...extra },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: number };
  const buffer = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const up = await page.request.post(`/phpApi/mascota/${id}/imagenes/nueva`, {
    headers,
    multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  return id;
}

/** The organisation's wall clock at `date`: the calendar day's accessible name and the time fields. */
function madrid(date: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-ES', {
      timeZone: TZ,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const weekday = new Intl.DateTimeFormat('es-ES', { timeZone: TZ, weekday: 'long' }).format(date);
  const sameYear = parts.year === new Intl.DateTimeFormat('es-ES', { timeZone: TZ, year: 'numeric' }).format(new Date());
  const hourNumber = Number(parts.hour);
  return {
    day: `${parts.day} ${parts.month} ${parts.year}`,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    /** What the picker says will be saved, e.g. "el martes 25 de noviembre a las 10:30". */
    words: `el ${weekday} ${parts.day} de ${parts.month}${sameYear ? '' : ` de ${parts.year}`} ${hourNumber === 1 ? 'a la' : 'a las'} ${hourNumber}:${parts.minute}`,
  };
}

test.describe('publicaciones programadas y panel de control', () => {
  test('programar una mascota unos segundos después la hace pública a su hora', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signIn(page, 'staff');
    const nombre = `Prog ${unique()}`;
    const id = await createPet(page, nombre);

    await page.goto('/borradores');
    await expect(page.getByRole('heading', { name: 'Publicaciones Programadas' })).toBeVisible();
    const card = page.getByRole('listitem', { name: nombre });
    await expect(card.getByText('Borrador')).toBeVisible();
    await expectAccessible(page, '/borradores');
    await card.getByRole('button', { name: `Programar: ${nombre}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Programar publicación' });
    // Publication times have hours and minutes only: the next whole minute at least 25 s ahead.
    const when = new Date(Date.now() + 25_000);
    when.setUTCSeconds(0, 0);
    when.setUTCMinutes(when.getUTCMinutes() + 1);
    const wall = madrid(when);
    const picker = dialog.getByRole('group', { name: 'Fecha y hora de publicación' });
    await picker.getByRole('button', { name: 'Día' }).click();
    await expect(page.getByRole('button', { name: wall.day, exact: true })).toBeVisible();
    await expectAccessible(page, '/borradores, programar con el calendario abierto');
    await page.getByRole('button', { name: wall.day, exact: true }).click();
    // Typed as a person types it, without a colon: "1030" is 10:30.
    await picker.getByRole('combobox', { name: 'Hora' }).fill(`${wall.hour}${wall.minute}`);
    await expect(picker.getByRole('status')).toHaveText(`Se publicará ${wall.words}.`);
    await expectAccessible(page, '/borradores, programar con la fecha elegida');
    await dialog.getByRole('button', { name: 'Programar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Programada')).toBeVisible();

    // Before its time a stranger is told it is not published yet. On a busy machine the page may take so long that
    // the time comes first: then the pet may show, but never while the clock is still before its time.
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-ES' });
    const visitor = await context.newPage();
    const gallery = visitor.getByRole('button', { name: 'Ver la imagen 1 a pantalla completa' });
    await visitor.goto(`/imagenes/${id}`);
    await expect(visitor.getByRole('alert').filter({ hasText: 'todavía no está publicada' }).or(gallery)).toBeVisible({ timeout: 30_000 });
    if (await gallery.isVisible()) expect(Date.now(), 'publicada antes de su hora').toBeGreaterThanOrEqual(when.getTime());

    await page.getByText('Calendario', { exact: true }).click();
    await expect(page.getByRole('link', { name: nombre })).toBeVisible();
    await expectAccessible(page, '/borradores, vista de calendario');
    // No scheduler and no restart: the same server answers differently once the time has come.
    await expect(async () => {
      await visitor.goto(`/imagenes/${id}`);
      await expect(gallery).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 90_000, intervals: [2000] });
    await context.close();
  });

  test('programar desde Editar en un teléfono con otra zona horaria guarda la hora de la organización', async ({ browser, baseURL }) => {
    // A volunteer travelling, or a phone set to another zone: the form still shows and picks Madrid's time.
    const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'America/Mexico_City' });
    const page = await context.newPage();
    try {
      await signIn(page, 'staff');
      const nombre = `Zona ${unique()}`;
      const id = await createPet(page, nombre);
      await page.goto(`/editar/${id}`);
      await expect(page.getByLabel('Nombre')).toHaveValue(nombre);
      await page.getByRole('radio', { name: 'Programada' }).check();
      const when = new Date(Date.now() + 3 * 86_400_000);
      when.setUTCSeconds(0, 0);
      const wall = madrid(when);
      await expect(page.getByText('Hora de Europe/Madrid')).toBeVisible();
      const picker = page.getByRole('group', { name: 'Publicar el' });
      await picker.getByRole('button', { name: 'Día' }).click();
      await page.getByRole('button', { name: wall.day, exact: true }).click();
      await picker.getByRole('combobox', { name: 'Hora' }).fill(`${wall.hour}:${wall.minute}`);
      await expect(picker.getByRole('status')).toHaveText(`Se publicará ${wall.words}.`);
      await expectAccessible(page, 'Editar, programada con su fecha');
      await page.getByRole('button', { name: 'GUARDAR MASCOTA' }).click();
      await expect(page.getByRole('dialog', { name: '¡Mascota Actualizada Exitosamente!' })).toBeVisible({ timeout: 20_000 });
      const saved = (await (await page.request.get(`/phpApi/mascota/${id}`)).json()) as { estado: string; publicarEn: string };
      expect(saved.estado).toBe('programada');
      expect(saved.publicarEn).toBe(when.toISOString());
    } finally {
      await context.close();
    }
  });

  test('el panel dibuja sus gráficas y sus cifras son las del servidor y llevan a sus listas', async ({ page }) => {
    await signIn(page, 'staff');
    const nombre = `Pronto ${unique()}`;
    const soon = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    await createPet(page, nombre, { estado: 'programada', publicarEn: soon });

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Panel de control' })).toBeVisible();
    const figures = page.getByRole('region', { name: 'Cifras' });
    // Other journeys may change pets meanwhile: compare the page with the server's answer of the same moment.
    await expect(async () => {
      const [expected] = await Promise.all([
        page.request.get('/api/dashboard').then((r) => r.json() as Promise<{ contadores: Record<string, number> }>),
        page.reload(),
      ]);
      expect(expected.contadores.publicacionesProximas).toBeGreaterThanOrEqual(1);
      for (const [label, key] of [
        ['En adopción', 'enAdopcion'],
        ['Próximas publicaciones', 'publicacionesProximas'],
        ['Solicitudes nuevas', 'solicitudesNuevas'],
      ] as const) {
        // The card's name is what it shows: the label, the number, the hint (WCAG 2.5.3).
        const figure = (expected.contadores[key] ?? 0).toLocaleString('es-ES');
        await expect(figures.getByRole('link', { name: new RegExp(`^${label} ${figure} `) })).toBeVisible({ timeout: 3000 });
      }
    }).toPass({ timeout: 20_000 });
    for (const title of ['Entradas y adopciones por mes', 'Mascotas en el refugio por tipo', 'Mascotas en el refugio por tamaño']) {
      await expect(page.getByRole('figure', { name: title }).locator('svg.recharts-surface').first()).toBeVisible();
    }
    await expectAccessible(page, '/dashboard');

    await figures.getByRole('link', { name: /^Próximas publicaciones/ }).click();
    await expect(page).toHaveURL(/\/borradores$/);
    await expect(page.getByRole('listitem', { name: nombre })).toContainText('Programada');

    await page.goto('/dashboard');
    await figures.getByRole('link', { name: /^En adopción/ }).click();
    await expect(page).toHaveURL(/\/\?estado=publicada&adoptado=0$/);

    // The header badge and the side overlay's Pendientes.
    await page.getByRole('button', { name: /^Abrir panel lateral/ }).click();
    const panel = page.getByRole('dialog', { name: 'Panel lateral' });
    await expect(panel.getByRole('heading', { name: 'Pendientes' })).toBeVisible();
    await expectAccessible(page, 'panel lateral con el trabajo pendiente');
  });
});
