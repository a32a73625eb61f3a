import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { CATALOGUE_FIRST_PAGE_ID, SOCIAL_IMAGE_MAX_BYTES } from '@refugio/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pet } from '../../src/db/schema';
import { imageLanes } from '../../src/media/images';
import { qrCodePng, renderPoster } from '../../src/modules/reach/poster';
import { SOCIAL_IMAGE_MAX_PENDING } from '../../src/modules/reach/reach.service';
import { renderSocialCard, splitName } from '../../src/modules/reach/social-card';
import { geminiText, startFakeAiServer } from '../helpers/fake-ai-server';
import { PUBLIC_URL, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { jpeg, multipart, petFields } from '../helpers/media';

/** pdf.js's metrics of the 14 standard PDF fonts (the poster uses Helvetica). */
const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The text of every page of a PDF, as pdf.js reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts.join('\n');
}

/** Decodes the QR code in a PNG. */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

const ADOPTA_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta name="description" content="Perros, gatos y conejos rescatados." />
    <title>Mascotas en adopción · Adopta un amigo</title>
  </head>
  <body><div id="root" data-public></div></body>
</html>`;

describe('reach: previews, the social image, the poster', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeAiServer>>;
  let publicId: number;
  let draftId: number;

  async function createPet(nombre: string, publish: boolean): Promise<number> {
    const form = multipart([
      ...petFields({ nombre, edad: '3 años' }),
      { name: 'image', value: await jpeg(600, 400), fileName: 'foto.jpg', contentType: 'image/jpeg' },
    ]);
    const created = await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    if (publish) {
      const res = await t
        .as('staff')
        .inject({ method: 'POST', url: `/phpApi/mascota/${id}/publicacion`, payload: { estado: 'publicada', version: 1 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'refugio-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es"><head></head><div id="root"></div></html>');
    writeFileSync(path.join(dist, 'adopta.html'), ADOPTA_HTML);
    writeFileSync(path.join(dist, 'embed.js'), 'console.log(1)');
    fake = await startFakeAiServer();
    t = await createTestApp(
      {
        ORG_NAME: 'Refugio Peñas & Colas',
        ORG_CONTACT_EMAIL: 'hola@refugio.test',
        ORG_CONTACT_PHONE: '+34 600 000 000',
        GEMINI_API_KEY: 'clave',
        GEMINI_BASE_URL: `${fake.url}/v1beta`,
      },
      { webDistDir: dist },
    );
    publicId = await createPet('Ñandú "el <valiente>"', true);
    draftId = await createPet('Secreto Borrador', false);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  describe('link previews in the HTML of /adopta/{id}', () => {
    it("write a public pet's name, text, image and address, escaped and absolute", async () => {
      const res = await t.app.inject(`/adopta/${publicId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      expect(html).toContain('<meta property="og:title" content="Ñandú &#34;el &#60;valiente&#62;&#34; busca un hogar" />');
      expect(html).not.toContain('<valiente>');
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/adopta/${publicId}" />`);
      expect(html).toMatch(
        new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/api/public/mascotas/${publicId}/tarjeta\\.jpg\\?v=[0-9a-z]+" />`),
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />');
      expect(html).toContain('<meta property="og:image:width" content="1080" />');
      expect(html).toContain('<meta property="og:image:height" content="1080" />');
      expect(html).toContain('<meta property="og:description" content="Perro · 3 años · Tamaño mediano.');
      expect(html).toContain('<meta property="og:site_name" content="Refugio Peñas &#38; Colas" />');
      expect(html).toMatch(/<title>Ñandú &#34;el &#60;valiente&#62;&#34; busca un hogar · Refugio Peñas &#38; Colas<\/title>/);
      // The image the preview names is there for anybody.
      const image = /og:image" content="([^"]+)"/.exec(html)![1]!;
      expect((await t.app.inject(image.replace(PUBLIC_URL, ''))).statusCode).toBe(200);
    });

    it('give a draft, an unknown and a malformed id the generic tags, which name no pet', async () => {
      for (const url of [`/adopta/${draftId}`, '/adopta/999999', '/adopta/abc', '/adopta']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<meta property="og:title" content="Mascotas en adopción" />');
        expect(res.body, url).toContain(`<meta property="og:url" content="${PUBLIC_URL}/adopta" />`);
        expect(res.body, url).not.toContain('Secreto');
        expect(res.body, url).not.toContain('og:image');
      }
    });

    it('follow the pet: a withdrawn pet loses its tags at once', async () => {
      const id = await createPet('Fugaz', true);
      expect((await t.app.inject(`/adopta/${id}`)).body).toContain('Fugaz busca un hogar');
      const withdrawn = await t
        .as('staff')
        .inject({ method: 'POST', url: `/phpApi/mascota/${id}/publicacion`, payload: { estado: 'borrador', version: 2 } });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((await t.app.inject(`/adopta/${id}`)).body).not.toContain('Fugaz');
    });
  });

  describe("the catalogue's first page in the HTML of /adopta", () => {
    const OPEN = `<script type="application/json" id="${CATALOGUE_FIRST_PAGE_ID}">`;
    /** The text of the embedded element, and that text read as JSON. */
    function embedded(html: string): { text: string; json: unknown } {
      const start = html.indexOf(OPEN);
      expect(start, 'no embedded first page').toBeGreaterThan(-1);
      const text = html.slice(start + OPEN.length, html.indexOf('</script>', start));
      return { text, json: JSON.parse(text) };
    }

    it("is the public endpoint's own first page: published pets only", async () => {
      const html = (await t.app.inject('/adopta')).body;
      const endpoint = await t.app.inject('/api/public/mascotas');
      expect(endpoint.statusCode).toBe(200);
      const { json } = embedded(html);
      expect(json).toEqual(endpoint.json());
      expect((json as { items: { id: number }[] }).items.map((p) => p.id)).toContain(publicId);
      expect(html).not.toContain('Secreto');
      // Only on /adopta: a pet's page and the other public pages carry none.
      expect((await t.app.inject(`/adopta/${publicId}`)).body).not.toContain(CATALOGUE_FIRST_PAGE_ID);
      expect((await t.app.inject(`/adopta/${draftId}`)).body).not.toContain(CATALOGUE_FIRST_PAGE_ID);
    });

    it('follows the catalogue: a withdrawn pet leaves it at once', async () => {
      const id = await createPet('Pasajero', true);
      expect((await t.app.inject('/adopta')).body).toContain('Pasajero');
      const withdrawn = await t
        .as('staff')
        .inject({ method: 'POST', url: `/phpApi/mascota/${id}/publicacion`, payload: { estado: 'borrador', version: 2 } });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((await t.app.inject('/adopta')).body).not.toContain('Pasajero');
    });

    it("cannot be closed by a pet's name: <, >, &, U+2028 and U+2029 are escaped", async () => {
      const hostile = '</script><script>alert(1)</script> & \u2028\u2029<!--';
      // The API refuses line and paragraph separators in a name now; a name stored before may still hold them.
      const id = await createPet('</script><script>alert(1)</script> & <!--', true);
      await t.database.db.update(pet).set({ nombre: hostile }).where(eq(pet.id, id));
      const html = (await t.app.inject('/adopta')).body;
      expect(html).not.toContain('<script>alert(1)');
      const { text, json } = embedded(html);
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
      expect((json as { items: { id: number; nombre: string }[] }).items.find((p) => p.id === id)?.nombre).toBe(hostile);
      // Exactly the one element: the name closed nothing and opened nothing.
      expect(html.split(OPEN)).toHaveLength(2);
      expect(html.match(/<script/g)).toHaveLength(1);
    });
  });

  describe('frame headers', () => {
    it('let any website frame /adopta?embed=1, and nothing else', async () => {
      for (const url of ['/adopta?embed=1', `/adopta/${publicId}?embed=1`]) {
        const res = await t.app.inject(url);
        expect(res.headers['content-security-policy'], url).toContain('frame-ancestors *');
        expect(res.headers['x-frame-options'], url).toBeUndefined();
      }
      for (const url of ['/adopta', '/', '/login', '/adopta?embed=0', '/?embed=1', '/api/health?embed=1']) {
        const res = await t.app.inject(url);
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    });

    it('let other websites load /embed.js and read the catalogue', async () => {
      const script = await t.app.inject('/embed.js');
      expect(script.statusCode).toBe(200);
      expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await t.app.inject('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
      const list = await t.app.inject({ url: '/api/public/mascotas', headers: { origin: 'https://refugio-amigo.example' } });
      expect(list.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('the social image', () => {
    it('puts a long name on two lines cut at the space nearest its middle, a short one on one', () => {
      expect(splitName('Toby')).toEqual(['Toby']);
      expect(splitName('Perro perdido en San Sebastián de los Reyes')).toEqual(['Perro perdido en San', 'Sebastián de los Reyes']);
      expect(splitName('Supercalifragilisticoespialidoso')).toEqual(['Supercalifragilisticoespialidoso']);
    });

    it('is a 1080x1080 JPEG, with an ETag that answers 304', async () => {
      const res = await t.app.inject(`/api/public/mascotas/${publicId}/tarjeta.jpg`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"tarjeta-/);
      const again = await t.app.inject({ url: `/api/public/mascotas/${publicId}/tarjeta.jpg`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    });

    it('stays within 300 KB for a photo full of detail (random pixels), at the declared type and size', async () => {
      // The main photo may weigh 150 KB: random pixels at that weight, the worst case for any image format.
      const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      const form = multipart([
        ...petFields({ nombre: 'Ruido', edad: '1 año' }),
        { name: 'image', value: noise, fileName: 'ruido.jpg', contentType: 'image/jpeg' },
      ]);
      const created = await t.as('staff').inject({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers });
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json<{ id: number }>();
      const published = await t
        .as('staff')
        .inject({ method: 'POST', url: `/phpApi/mascota/${id}/publicacion`, payload: { estado: 'publicada', version: 1 } });
      expect(published.statusCode, published.body).toBe(200);

      const html = (await t.app.inject(`/adopta/${id}`)).body;
      const declared = {
        url: /og:image" content="([^"]+)"/.exec(html)![1]!,
        type: /og:image:type" content="([^"]+)"/.exec(html)![1]!,
        width: Number(/og:image:width" content="([^"]+)"/.exec(html)![1]),
        height: Number(/og:image:height" content="([^"]+)"/.exec(html)![1]),
      };
      const res = await t.app.inject(declared.url.replace(PUBLIC_URL, ''));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThanOrEqual(SOCIAL_IMAGE_MAX_BYTES);
      expect(res.headers['content-type']).toBe(declared.type);
      const meta = await sharp(res.rawPayload).metadata();
      expect([`image/${meta.format}`, meta.width, meta.height]).toEqual([declared.type, declared.width, declared.height]);
      // The photo is there, not a flat colour: its detail survives the squeeze.
      const stats = await sharp(res.rawPayload).extract({ left: 0, top: 100, width: 1080, height: 300 }).stats();
      expect(stats.channels[0]!.stdev).toBeGreaterThan(20);
    });

    it('stays within 300 KB even from a large photo of random pixels', async () => {
      const photo = await sharp(randomBytes(2000 * 1500 * 3), { raw: { width: 2000, height: 1500, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const card = await renderSocialCard({ nombre: 'Ruido', facts: ['Perro', '1 año'], orgName: 'Refugio', photo });
      expect(card.length).toBeLessThanOrEqual(SOCIAL_IMAGE_MAX_BYTES);
      const meta = await sharp(card).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
      const stats = await sharp(card).extract({ left: 0, top: 100, width: 1080, height: 300 }).stats();
      expect(stats.channels[0]!.stdev).toBeGreaterThan(20);
    });

    it('keeps the address DESIGN names, tarjeta.png, as a redirect to the JPEG', async () => {
      const res = await t.app.inject(`/api/public/mascotas/${publicId}/tarjeta.png?v=abc`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/api/public/mascotas/${publicId}/tarjeta.jpg?v=abc`);
    });

    it('shows the photo in its upper part', async () => {
      const res = await t.app.inject(`/api/public/mascotas/${publicId}/tarjeta.jpg`);
      // The test photo is a pattern, never the flat colour a pet without a photo gets.
      const { data } = await sharp(res.rawPayload)
        .extract({ left: 0, top: 200, width: 1080, height: 300 })
        .stats()
        .then((s) => ({ data: s }));
      expect(data.channels[0]!.stdev).toBeGreaterThan(10);
    });

    it('changes its ETag when the pet changes', async () => {
      const before = String((await t.app.inject(`/api/public/mascotas/${publicId}/tarjeta.jpg`)).headers.etag);
      const form = multipart([...petFields({ nombre: 'Ñandú', edad: '4 años' }), { name: 'version', value: '2' }]);
      const saved = await t
        .as('staff')
        .inject({ method: 'POST', url: `/phpApi/mascota/${publicId}/actualizar`, payload: form.payload, headers: form.headers });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await t.app.inject({ url: `/api/public/mascotas/${publicId}/tarjeta.jpg`, headers: { 'if-none-match': before } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before);
    });

    it('makes a bounded number at once: beyond it, 503 with Retry-After rather than an endless queue', async () => {
      const ids = [];
      for (let n = 0; n <= SOCIAL_IMAGE_MAX_PENDING; n++) ids.push(await createPet(`Cola ${n}`, true));
      // The public image lane is busy (one image at a time): every request waits for it.
      let release = () => {};
      let released = false;
      const busy = imageLanes.public(() => new Promise<void>((resolve) => (release = resolve)));
      const whileBusy: number[] = [];
      const answers = Promise.all(
        ids.map((id) =>
          t.app.inject(`/api/public/mascotas/${id}/tarjeta.jpg`).then((res) => {
            if (!released) whileBusy.push(res.statusCode);
            return res;
          }),
        ),
      );
      // The one over the bound is answered while the lane is still busy; the others wait for it.
      await vi.waitFor(() => expect(whileBusy).toEqual([503]), { timeout: 5000 });
      released = true;
      release();
      await busy;
      const statuses = (await answers).map((res) => res.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(SOCIAL_IMAGE_MAX_PENDING).fill(200), 503]);
      const refused = (await answers).find((res) => res.statusCode === 503)!;
      expectErrorShape(refused, 503, 'SERVICE_UNAVAILABLE');
      expect(refused.headers['retry-after']).toBe('5');
      // Once the lane is free, the refused one is made too.
      const again = await Promise.all(ids.map((id) => t.app.inject(`/api/public/mascotas/${id}/tarjeta.jpg`)));
      expect(again.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
    });

    it('answers 404 for a draft or an unknown pet', async () => {
      expectErrorShape(await t.app.inject(`/api/public/mascotas/${draftId}/tarjeta.jpg`), 404, 'NOT_FOUND');
      expectErrorShape(await t.app.inject('/api/public/mascotas/999999/tarjeta.jpg'), 404, 'NOT_FOUND');
    });
  });

  describe('the poster', () => {
    it("is an A4 PDF with the name, the facts, the organisation's contact and the page's address", async () => {
      const res = await t.as('staff').inject({ url: `/api/mascotas/${publicId}/cartel.pdf` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const expected of ['EN ADOPCIÓN', 'Ñandú', '4 años', 'Tamaño mediano', 'Refugio Peñas & Colas', 'hola@refugio.test', '+34 600 000 000']) {
        expect(text).toContain(expected);
      }
      expect(text.replace(/\s+/g, '')).toContain(`${PUBLIC_URL}/adopta/${publicId}`);
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const page = await (await pdfjs.getDocument({ data: new Uint8Array(res.rawPayload) }).promise).getPage(1);
      const [, , width, height] = page.view;
      expect([Math.round(width!), Math.round(height!)]).toEqual([595, 842]);
    });

    it('shrinks a long name to fit one line and writes the description under the facts', async () => {
      const nombre = 'Perro perdido en San Sebastián de los Reyes';
      const pdf = await renderPoster({
        nombre,
        facts: ['Perro macho', 'mediano'],
        url: `${PUBLIC_URL}/perdidos#aviso-1`,
        contact: { nombre: 'Refugio', telefono: null, email: null },
        headline: 'SE BUSCA',
        description: 'Lleva collar rojo. No perseguirle.',
      });
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain(nombre);
      expect(text).not.toContain('…');
      expect(text).toContain('Lleva collar rojo. No perseguirle.');
    });

    it("holds a QR code that decodes back to the pet's public page", async () => {
      expect(await decodeQr(await qrCodePng(`${PUBLIC_URL}/adopta/${publicId}`))).toBe(`${PUBLIC_URL}/adopta/${publicId}`);
      // The PDF embeds that very PNG (pdfkit keeps PNG data as is): its bytes are inside.
      const res = await t.as('staff').inject({ url: `/api/mascotas/${publicId}/cartel.pdf` });
      expect(res.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    });

    it('is for staff, and only for a public pet', async () => {
      expectErrorShape(await t.as('anonymous').inject({ url: `/api/mascotas/${publicId}/cartel.pdf` }), 401);
      expectErrorShape(await t.as('staff').inject({ url: `/api/mascotas/${draftId}/cartel.pdf` }), 409, 'CONFLICT');
      expectErrorShape(await t.as('staff').inject({ url: '/api/mascotas/999999/cartel.pdf' }), 404, 'NOT_FOUND');
    });
  });

  describe('the suggested post', () => {
    it("proposes the model's Spanish text with the page's address, and saves nothing", async () => {
      fake.enqueue(geminiText('¡Ñandú busca familia! 🐶 #adopta'));
      const res = await t.as('staff').inject({ method: 'POST', url: `/api/mascotas/${publicId}/publicacion-sugerida` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ texto: `¡Ñandú busca familia! 🐶 #adopta\n\n${PUBLIC_URL}/adopta/${publicId}` });
      const prompt = JSON.stringify(fake.requests.at(-1)?.body);
      expect(prompt).toContain('Ñandú');
      expect(prompt).toContain(`${PUBLIC_URL}/adopta/${publicId}`);
    });

    it('refuses a pet that is not public, before calling the model', async () => {
      const calls = fake.requests.length;
      expectErrorShape(await t.as('staff').inject({ method: 'POST', url: `/api/mascotas/${draftId}/publicacion-sugerida` }), 409, 'CONFLICT');
      expect(fake.requests.length).toBe(calls);
    });
  });
});
