import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from './support/accessibility';
import { fakeAi } from './support/fake-ai';
import { expect, signIn, test } from './support/fixtures';
import { jpeg } from './support/media';
import { createPet, unique } from './support/pets';

/*
 * Reach (DESIGN section 14): the organisation's own website, on another origin, shows the catalogue with the
 * /embed.js snippet (inside a shadow root: the host's styles untouched) and with the iframe of /adopta?embed=1;
 * on a phone, the pet page's Compartir menu shares a public pet and explains why a draft cannot be shared.
 */

/** A plain website on its own origin (another port of localhost), serving one page. */
async function startHostSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // localhost, not 127.0.0.1: another origin than the server under test whatever the port.
  return { url: `http://localhost:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.describe('the embeddable catalogue on another website', () => {
  let nombre: string;
  let petId: number;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    nombre = `Embebida ${unique()}`;
    petId = await createPet(page, { nombre, estado: 'publicada', mainImage: await jpeg('foto.jpg', '#aa6633') });
  });

  test('the /embed.js snippet shows the pets in a shadow root, linking to their pages, and leaves the host styles alone', async ({
    page,
    baseURL,
  }) => {
    const site = await startHostSite(`<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <title>Refugio Amigo: adopta</title>
    <style>
      body { font-family: serif; }
      a { color: rgb(200, 0, 0); text-decoration: underline; }
      h2 { font-size: 40px; color: rgb(0, 0, 0); }
      .photo { display: none; }
    </style>
  </head>
  <body>
    <main>
      <h1>Nuestro refugio</h1>
      <h2 id="host-heading">Adopta</h2>
      <p><a id="host-link" href="/contacto">Contacto</a></p>
      <div data-refugio-catalogo></div>
    </main>
    <script src="${baseURL}/embed.js" async></script>
  </body>
</html>`);
    try {
      await page.goto(site.url);
      const catalogue = page.locator('[data-refugio-catalogo]');
      const card = catalogue.getByRole('link', { name: new RegExp(nombre) });
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('href', `${baseURL}/adopta/${petId}`);
      await expect(card).toContainText('Tamaño grande');
      await expect(catalogue.getByRole('heading', { name: 'Mascotas en adopción' })).toBeVisible();
      // Inside a shadow root: the host's rules reach neither the cards' links nor their photos...
      expect(await page.evaluate<boolean>("document.querySelector('[data-refugio-catalogo]').shadowRoot !== null")).toBe(true);
      await expect(card).not.toHaveCSS('color', 'rgb(200, 0, 0)');
      await expect(card.locator('img')).toBeVisible();
      // ...and the embed's own rules leave the host's elements as they were.
      await expect(page.locator('#host-link')).toHaveCSS('color', 'rgb(200, 0, 0)');
      await expect(page.locator('#host-heading')).toHaveCSS('font-size', '40px');
      await expectAccessible(page, 'Web de la organización con el catálogo embebido');
    } finally {
      await site.close();
    }
  });

  test('the iframe of /adopta?embed=1 shows the catalogue inside another website', async ({ page, baseURL }) => {
    const site = await startHostSite(`<!doctype html>
<html lang="es">
  <head><meta charset="utf-8" /><title>Refugio Amigo</title></head>
  <body>
    <main>
      <h1>Nuestro refugio</h1>
      <iframe src="${baseURL}/adopta?embed=1" title="Mascotas en adopción" style="width: 100%; height: 700px; border: 0"></iframe>
    </main>
  </body>
</html>`);
    try {
      await page.goto(site.url);
      const frame = page.frameLocator('iframe[title="Mascotas en adopción"]');
      const petLink = frame.getByRole('link', { name: new RegExp(nombre) }).first();
      await expect(petLink).toBeVisible();
      // The host page says whose site it is: no header of our own in the frame.
      await expect(frame.getByRole('banner')).toBeHidden();
      // A pet's page and its application need more room than a frame: it opens in a new tab.
      const popup = page.waitForEvent('popup');
      await petLink.click();
      await expect(await popup).toHaveURL(`${baseURL}/adopta/${petId}`);
      await expect(frame.getByRole('link', { name: new RegExp(nombre) }).first()).toBeVisible();
      // The staff app, framed the same way, is refused by the browser: the frame holds its error page.
      // A string expression: the e2e types have no DOM.
      await page.evaluate(`(() => {
        const iframe = document.createElement('iframe');
        iframe.src = ${JSON.stringify(`${baseURL}/login`)};
        iframe.title = 'Aplicación del equipo';
        document.querySelector('main').append(iframe);
      })()`);
      const staffFrame = await page
        .locator('iframe[title="Aplicación del equipo"]')
        .elementHandle()
        .then((handle) => handle?.contentFrame());
      await expect.poll(() => staffFrame?.url()).toMatch(/^chrome-error:/);
      expect(await staffFrame?.locator('#root').count()).toBe(0);
    } finally {
      await site.close();
    }
  });
});

test.describe('the share menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });

  test('shares a public pet: link, WhatsApp, Facebook, image, poster and a suggested post', async ({ page, baseURL }) => {
    await signIn(page, 'staff');
    const nombre = `Compartida ${unique()}`;
    const id = await createPet(page, { nombre, genero: 'hembra', estado: 'publicada', mainImage: await jpeg('foto.jpg', '#3366aa') });
    await page.goto(`/mascota/${id}`);
    await expect(page.getByRole('heading', { name: nombre, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Compartir' }).click();
    const pageUrl = `${baseURL}/adopta/${id}`;
    const whatsapp = page.getByRole('menuitem', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${nombre} busca un hogar. Conócela y solicita su adopción: ${pageUrl}`)}`,
    );
    await expect(page.getByRole('menuitem', { name: 'Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
    );
    await expect(page.getByRole('menuitem', { name: 'Descargar imagen' })).toHaveAttribute('href', `/api/public/mascotas/${id}/tarjeta.jpg`);
    await expect(page.getByRole('menuitem', { name: 'Imprimir cartel' })).toHaveAttribute('href', `/api/mascotas/${id}/cartel.pdf`);
    await expectAccessible(page, 'Ficha con el menú Compartir abierto, 390 px');

    // The image and the poster the menu links to are there.
    const image = await page.request.get(`/api/public/mascotas/${id}/tarjeta.jpg`);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    // The address DESIGN names still leads to it.
    const named = await page.request.get(`/api/public/mascotas/${id}/tarjeta.png`);
    expect(named.url()).toContain(`/api/public/mascotas/${id}/tarjeta.jpg`);
    expect(named.headers()['content-type']).toBe('image/jpeg');
    const poster = await page.request.get(`/api/mascotas/${id}/cartel.pdf`);
    expect(poster.headers()['content-type']).toBe('application/pdf');

    await page.getByRole('menuitem', { name: 'Copiar enlace' }).click();
    await expect(page.getByText('Enlace copiado')).toBeVisible();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(pageUrl);

    // A suggested post: proposed, edited, then copied (nothing is saved).
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByRole('menuitem', { name: 'Sugerir publicación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publicación sugerida' });
    const text = dialog.getByLabel('Texto de la publicación');
    await expect(text).toHaveValue(`${fakeAi.post}\n\n${pageUrl}`);
    await expectAccessible(page, 'Publicación sugerida, 390 px');
    await text.fill(`¡${nombre} te espera! ${pageUrl}`);
    await expect(dialog.getByRole('link', { name: 'Enviar por WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`¡${nombre} te espera! ${pageUrl}`)}`,
    );
    await dialog.getByRole('button', { name: 'Copiar la publicación' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Publicación copiada')).toBeVisible();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`¡${nombre} te espera! ${pageUrl}`);
  });

  test('explains why a draft cannot be shared', async ({ page }) => {
    await signIn(page, 'staff');
    const nombre = `Borrador ${unique()}`;
    const id = await createPet(page, { nombre });
    await page.goto(`/mascota/${id}`);
    const share = page.getByRole('button', { name: 'Compartir' });
    await expect(share).toBeDisabled();
    // Touch, hover or keyboard focus open the reason; a focus is what every kind of user can do.
    await share.focus();
    await expect(page.getByRole('tooltip')).toHaveText(/Solo se pueden compartir las mascotas publicadas/);
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    await expectAccessible(page, 'Ficha de un borrador con la explicación de Compartir, 390 px');
  });
});
