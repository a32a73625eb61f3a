/*
 * `npm run screenshot`: the picture of the staff's first screen in the README (docs/images/inicio.png). The
 * production build is served by the real server on loopback with a fresh data directory; the administrator signs
 * in in the system Chromium, adds a few pets through the API (each with a drawn photo), and the pet list (Home) is
 * photographed at 1280x800 once its data and thumbnails have loaded, then saved as a palette PNG.
 *
 * Needs `npm run build` first (the script says so when the build is missing).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import sharp from 'sharp';
import { exitUnlessBuilt, startBuiltServer } from '../apps/server/test/helpers/server-process-support';

const root = path.resolve(import.meta.dirname, '..');
const OUTPUT = path.join(root, 'docs/images/inicio.png');
const ADMIN = { email: 'coordinacion@refugio.local', password: 'clave-de-la-captura-de-inicio-1' };
const VIEWPORT = { width: 1280, height: 800 };

type Kind = 'Perro' | 'Gato' | 'Conejo';

interface Pet {
  nombre: string;
  tipo: Kind;
  edad: string;
  genero: 'macho' | 'hembra';
  tamano: 'chico' | 'mediano' | 'grande';
  tags: string[];
  colors: [background: string, fur: string, muzzle: string];
  /** Not yet published (a draft); the others are in the public catalogue. */
  draft?: boolean;
}

function pet(nombre: string, tipo: Kind, edad: string, genero: Pet['genero'], tamano: Pet['tamano'], tags: string[], colors: Pet['colors']): Pet {
  return { nombre, tipo, edad, genero, tamano, tags, colors };
}

/** Listed newest first, so the last one here heads the list. Colours: the photo's background, the fur, the muzzle. */
const PETS: Pet[] = [
  pet('Bruno', 'Perro', '6 años', 'macho', 'grande', ['tranquilo', 'vacunado'], ['#dfe9d8', '#7a4a2a', '#c79a74']),
  pet('Copito', 'Conejo', '2 años', 'macho', 'chico', ['dócil', 'esterilizado'], ['#d6e6f5', '#f7f4ef', '#ffffff']),
  pet('Nala', 'Gato', '4 años', 'hembra', 'chico', ['independiente', 'vacunada'], ['#f3e3ea', '#55565c', '#8b8c93']),
  { ...pet('Kira', 'Perro', '5 meses', 'hembra', 'mediano', ['cachorra', 'juguetona'], ['#fbeccd', '#2f2a28', '#8a6a55']), draft: true },
  pet('Tambor', 'Conejo', '3 años', 'macho', 'chico', ['curioso', 'sociable'], ['#e4f1e4', '#a39c94', '#ddd6cf']),
  pet('Simba', 'Gato', '1 año', 'macho', 'chico', ['juguetón', 'vacunado'], ['#dfeaf6', '#e08a3c', '#f6d2a8']),
  pet('Luna', 'Perro', '3 años', 'hembra', 'mediano', ['cariñosa', 'vacunada', 'sociable'], ['#f6e6d9', '#d9b98c', '#f4e3c8']),
];

/** The animal's face over a plain background, as SVG: ears by kind, head, eyes, nose. */
function faceSvg({ tipo, colors }: Pet): string {
  const [background, fur, muzzle] = colors;
  const ears: Record<Kind, string> = {
    Perro: `<ellipse cx="118" cy="200" rx="42" ry="92" transform="rotate(20 118 200)" fill="${fur}"/>
      <ellipse cx="282" cy="200" rx="42" ry="92" transform="rotate(-20 282 200)" fill="${fur}"/>`,
    Gato: `<polygon points="100,190 122,62 196,122" fill="${fur}"/><polygon points="300,190 278,62 204,122" fill="${fur}"/>
      <polygon points="122,160 132,98 172,130" fill="#f2b6c0"/><polygon points="278,160 268,98 228,130" fill="#f2b6c0"/>`,
    Conejo: `<ellipse cx="160" cy="112" rx="30" ry="96" fill="${fur}"/><ellipse cx="240" cy="112" rx="30" ry="96" fill="${fur}"/>
      <ellipse cx="160" cy="118" rx="14" ry="70" fill="#f2b6c0"/><ellipse cx="240" cy="118" rx="14" ry="70" fill="#f2b6c0"/>`,
  };
  const headY = tipo === 'Conejo' ? 250 : 220;
  const radius = tipo === 'Conejo' ? 100 : 112;
  const eye = tipo === 'Gato' ? '#5c8a3a' : '#2b2220';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <rect width="400" height="400" fill="${background}"/>
    <ellipse cx="200" cy="395" rx="170" ry="60" fill="${fur}" opacity="0.35"/>
    ${ears[tipo]}
    <circle cx="200" cy="${headY}" r="${radius}" fill="${fur}"/>
    <ellipse cx="200" cy="${headY + 48}" rx="58" ry="42" fill="${muzzle}"/>
    <circle cx="160" cy="${headY - 18}" r="12" fill="${eye}"/><circle cx="240" cy="${headY - 18}" r="12" fill="${eye}"/>
    <circle cx="164" cy="${headY - 22}" r="4" fill="#ffffff"/><circle cx="244" cy="${headY - 22}" r="4" fill="#ffffff"/>
    <ellipse cx="200" cy="${headY + 30}" rx="${tipo === 'Perro' ? 20 : 10}" ry="${tipo === 'Perro' ? 14 : 8}" fill="${tipo === 'Perro' ? '#2b2220' : '#e58a9a'}"/>
    <path d="M200 ${headY + 40} q-14 18 -30 8 M200 ${headY + 40} q14 18 30 8" stroke="#2b2220" stroke-width="4" fill="none" stroke-linecap="round"/>
  </svg>`;
}

async function photo(pet: Pet): Promise<Buffer> {
  return sharp(Buffer.from(faceSvg(pet)))
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

async function main(): Promise<void> {
  exitUnlessBuilt();
  const server = await startBuiltServer({ admin: ADMIN, name: 'screenshot' });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const context = await browser.newContext({ baseURL: server.url, locale: 'es-ES', viewport: VIEWPORT, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });

    // The pets, through the API with the browser's session, as the staff app creates them.
    const headers = { origin: server.url };
    for (const [index, pet] of PETS.entries()) {
      const res = await page.request.post('/phpApi/mascota/nueva', {
        headers,
        multipart: {
          nombre: pet.nombre,
          edad: pet.edad,
          tipo: pet.tipo,
          genero: pet.genero,
          tamano: pet.tamano,
          discapacidad: '0',
          adoptado: '0',
          personalidad: 'Cariñoso y tranquilo en casa; disfruta de los paseos y de la compañía.',
          historia: 'Llegó al refugio después de ser encontrado en la calle. Hoy está sano y busca una familia.',
          tags: JSON.stringify(pet.tags),
          estado: pet.draft ? 'borrador' : 'publicada',
          image: { name: `${pet.nombre.toLowerCase()}-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: await photo(pet) },
        },
      });
      if (!res.ok()) throw new Error(`creating ${pet.nombre} failed: ${res.status()} ${await res.text()}`);
    }

    // Home, settled: the list's rows, every thumbnail decoded, the network quiet and the fonts in place.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page
      .getByRole('table', { name: 'Mascotas' })
      .getByRole('link', { name: PETS.at(-1)!.nombre, exact: true })
      .waitFor();
    await page.waitForFunction('[...document.images].every((img) => img.complete && img.naturalWidth > 0)');
    await page.evaluate('document.fonts.ready.then(() => true)');
    await page.mouse.move(0, VIEWPORT.height - 1);
    await page.waitForTimeout(500);
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });

    const png = await sharp(shot).png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 }).toBuffer();
    mkdirSync(path.dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, png);
    const { width, height } = await sharp(png).metadata();
    console.log(`${path.relative(root, OUTPUT)}: ${width}x${height}, ${png.length} bytes`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
