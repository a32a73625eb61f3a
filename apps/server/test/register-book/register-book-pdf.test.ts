import { createRequire } from 'node:module';
import path from 'node:path';
import type { RegisterBookLine } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { bookColumns, bookWords, layoutBook, renderBookPdf } from '../../src/modules/register-book/register-book-export';

/*
 * The register book's PDF as an inspector reads it (issue 47): A4 landscape, the column headers never broken inside a
 * word, the body at 7 pt or more, long cell text wrapped between words, a row never cut across two pages and
 * "Página n de m" on each page. Read back with pdf.js: each text run with its page, position and size.
 */

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

interface Run {
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
}

async function pdfRuns(bytes: Buffer): Promise<{ pages: { width: number; height: number }[]; runs: Run[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl }).promise;
  const pages: { width: number; height: number }[] = [];
  const runs: Run[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    pages.push({ width, height });
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [a, b, , , x, y] = item.transform as number[];
      runs.push({ page: n, text: item.str, x: x!, y: y!, size: Math.hypot(a!, b!) });
    }
  }
  return { pages, runs };
}

const longVet = 'Clínica Veterinaria Universitaria de Zaragoza, Dra. María Concepción Fernández-Villaverde (col. 50/2812)';
const line = (numero: number): RegisterBookLine => ({
  anio: 2024,
  numero,
  mascotaId: numero,
  fechaEntrada: '2024-03-05',
  procedencia: 'traslado',
  procedenciaDetalle: 'Sociedad Protectora de Animales y Plantas de la Comarca del Bajo Aragón',
  especie: 'Perro',
  raza: 'Pastor alemán cruzado con mastín',
  sexo: numero % 2 ? 'hembra' : 'macho',
  color: 'Atigrado con manchas blancas',
  microchip: `9410000246813${String(numero).padStart(2, '0')}`,
  fechaNacimiento: '2019-11-30',
  fechaSalida: numero % 3 ? '2024-10-01' : null,
  destino: numero % 3 ? 'adopcion' : null,
  destinatario:
    numero % 3
      ? { nombre: 'Ana Ruiz Castellanos', nif: '12345678Z', direccion: 'Calle de la Virgen del Pilar 123, 3º izquierda, 50001 Zaragoza' }
      : null,
  causaMuerte: null,
  vacunas: '05/03/2024 Polivalente; 05/04/2024 Rabia; 05/03/2025 Desparasitación interna y externa',
  tratamientos: '10/03/2024 Antiinflamatorio; 12/03/2024 Amoxicilina con ácido clavulánico; 20/03/2024 Fisioterapia',
  veterinario: longVet,
  cerrada: numero % 3 !== 0,
  hash: numero % 3 ? 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90' : null,
  rectifica: null,
  cadena: numero % 3 ? numero : null,
  hashAnterior: numero % 3 ? '' : null,
});

describe('register book PDF layout', () => {
  it('prints A4 landscape, whole header words, a body of 7 pt or more wrapped between words, whole rows per page', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => line(i + 1));
    const pdf = await renderBookPdf(2024, { nombre: 'Refugio Las Encinas', nucleoZoologico: 'ES280790000123', registroEntidades: '28/1234' }, lines);
    const { pages, runs } = await pdfRuns(pdf);

    for (const page of pages) {
      expect(Math.round(page.width)).toBe(842);
      expect(Math.round(page.height)).toBe(595);
    }
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((_, i) => expect(runs.some((r) => r.page === i + 1 && r.text.includes(`Página ${i + 1} de ${pages.length}`))).toBe(true));

    // Every run of text is 7 pt or more.
    const small = runs.filter((r) => r.size < 6.99);
    expect(small.map((r) => `${r.text} (${r.size.toFixed(1)} pt)`)).toEqual([]);

    // The header on each page: every word of every label printed whole.
    const words = (page: number) => new Set(runs.filter((r) => r.page === page).flatMap((r) => r.text.split(/\s+/)));
    const headerWords = bookColumns.flatMap((c) => (c.header === 'Hash' ? ['Hash'] : c.header.split(/\s+/)));
    expect(headerWords).toContain('Nacimiento');
    pages.forEach((_, i) => {
      const printed = words(i + 1);
      expect(headerWords.filter((w) => !printed.has(w))).toEqual([]);
    });

    // Long cell text wrapped between words: each word of the long values printed whole.
    const bodyWords = [
      // A line may break after a hyphen, as in "Fernández-" / "Villaverde".
      ...longVet.split(/\s+/).flatMap((w) => w.split(/(?<=-)/)),
      ...'Pastor alemán cruzado con mastín Atigrado manchas blancas Polivalente Desparasitación Antiinflamatorio Amoxicilina clavulánico Fisioterapia'.split(
        ' ',
      ),
      ...'Sociedad Protectora Plantas Comarca Castellanos 12345678Z, Virgen Pilar Zaragoza'.split(' '),
      '05/03/2024',
      '30/11/2019',
    ];
    const all = new Set(runs.flatMap((r) => r.text.split(/\s+/)));
    expect(bodyWords.filter((w) => !all.has(w) && !all.has(`${w},`) && !all.has(`${w}-`) && !all.has(`${w};`) && !all.has(`(${w}`))).toEqual([]);

    // A row never cut across pages: each line's microchip, its vet's last words and its state on the same page.
    for (const l of lines) {
      const chipPage = runs.find((r) => r.text.includes(l.microchip!))?.page;
      expect(chipPage, l.microchip!).toBeDefined();
      const onPage = runs.filter((r) => r.page === chipPage);
      const chip = onPage.find((r) => r.text.includes(l.microchip!))!;
      // The last line of the vet's cell (below the chip's line, on the same page).
      expect(onPage.some((r) => r.text.includes('50/2812)') && r.y <= chip.y && chip.y - r.y < 200)).toBe(true);
    }
  });
});

describe('register book PDF column widths', () => {
  // A stand-in measure: every character 0.6 em, bold 0.7 em.
  const measure = (text: string, bold: boolean) => text.length * (bold ? 0.7 : 0.6);
  const headers = ['Nº', 'Nacimiento', 'Destinatario (nombre, NIF, dirección)'];

  it('takes the largest size at which every column holds its longest word, and gives the rest to the longest text', () => {
    const layout = layoutBook(measure, headers, [['1', '05/03/2024', 'Ana Ruiz, 12345678Z, Calle Mayor 1, 28013 Madrid']], 300);
    expect(layout.fontSize).toBe(8);
    expect(layout.widths.reduce((a, b) => a + b, 0)).toBeCloseTo(300);
    expect(layout.widths[1]!).toBeGreaterThanOrEqual(measure('Nacimiento', true) * 8);
    expect(layout.widths[2]!).toBeGreaterThan(layout.widths[1]!);
  });

  it('never goes under 7 pt and keeps each header word whole when a cell holds a word too long for the page', () => {
    const layout = layoutBook(measure, headers, [['1', '05/03/2024', 'x'.repeat(400)]], 140);
    expect(layout.fontSize).toBe(7);
    expect(layout.widths.reduce((a, b) => a + b, 0)).toBeCloseTo(140);
    headers.forEach((h, i) => bookWords(h).forEach((word) => expect(layout.widths[i]!, word).toBeGreaterThanOrEqual(measure(word, true) * 7)));
  });
});
