import { type Memoria, type Report, formatDay, giftConceptLabels, memoriaDestinationLabels, procedenciaLabels } from '@refugio/contracts';

/*
 * The annual report and the ready reports as Excel workbooks (one sheet each): texts typed as text (nothing a
 * spreadsheet would run as a formula), counts as numbers, money as euros with two decimals, days as dd/mm/aaaa.
 */

type Cell =
  | { value: string; type: StringConstructor; fontWeight?: 'bold' }
  | { value: number; type: NumberConstructor; format?: string; fontWeight?: 'bold' }
  | null;
type Row = Cell[];

const EUROS = '#,##0.00 "€"';
const text = (value: string, bold = false): Cell => ({ value, type: String, ...(bold ? { fontWeight: 'bold' as const } : {}) });
const number = (value: number, bold = false): Cell => ({ value, type: Number, ...(bold ? { fontWeight: 'bold' as const } : {}) });
const euros = (cents: number, bold = false): Cell => ({
  value: cents / 100,
  type: Number,
  format: EUROS,
  ...(bold ? { fontWeight: 'bold' as const } : {}),
});

function cellOf(value: string | number | null, tipo: Report['columnas'][number]['tipo']): Cell {
  if (value === null) return null;
  if (typeof value === 'number') return tipo === 'dinero' ? euros(value) : number(value);
  return text(tipo === 'fecha' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value);
}

export async function writeReportXlsx(report: Report): Promise<Buffer> {
  const data: Row[] = [
    [text(report.titulo, true)],
    [text(`Del ${formatDay(report.desde)} al ${formatDay(report.hasta)}`)],
    [],
    report.columnas.map((c) => text(c.titulo, true)),
    ...report.filas.map((fila) => report.columnas.map((c) => cellOf(fila[c.clave] ?? null, c.tipo))),
    [],
    [text('Totales', true)],
    ...report.totales.map((t) => [text(t.titulo), t.valor === null ? null : t.tipo === 'dinero' ? euros(t.valor, true) : number(t.valor, true)]),
  ];
  if (report.nota) data.push([], [text(report.nota)]);
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(data, { sheet: 'Informe', columns: report.columnas.map(() => ({ width: 18 })) }).toBuffer();
}

export async function writeMemoriaXlsx(memoria: Memoria): Promise<Buffer> {
  const data: Row[] = [];
  const section = (title: string) => data.push([], [text(title, true)]);
  const line = (label: string, value: Cell) => data.push([text(label), value]);
  const org = memoria.organizacion;
  data.push([text(`Memoria anual ${memoria.anio}`, true)], [text(org.nombre)]);
  if (org.nif) data.push([text('NIF'), text(org.nif)]);
  if (org.nucleoZoologico) data.push([text('Nº de núcleo zoológico'), text(org.nucleoZoologico)]);
  if (org.registroEntidades) data.push([text('Nº de registro de entidades'), text(org.registroEntidades)]);

  section('Entradas por procedencia');
  for (const p of memoria.entradas.porProcedencia)
    line(procedenciaLabels[p.procedencia as keyof typeof procedenciaLabels] ?? 'Sin indicar', number(p.total));
  line('Total', number(memoria.entradas.total, true));
  section('Entradas por especie');
  for (const s of memoria.entradas.porEspecie) line(s.especie, number(s.total));
  section('Salidas por destino');
  for (const d of memoria.salidas.porDestino) line(memoriaDestinationLabels[d.destino], number(d.total));
  line('Total', number(memoria.salidas.total, true));
  section('Devoluciones de adopciones');
  line('Total', number(memoria.devoluciones.total, true));
  section('Fallecimientos por causa');
  for (const c of memoria.fallecimientos.porCausa) line(c.causa, number(c.total));
  line('Total', number(memoria.fallecimientos.total, true));
  section('Esterilizaciones');
  for (const s of memoria.esterilizaciones.porEspecie) line(s.especie, number(s.total));
  line('Total', number(memoria.esterilizaciones.total, true));
  section('En casas de acogida el 31 de diciembre');
  line('Mascotas', number(memoria.acogidas31Diciembre.mascotas));
  line('Hogares', number(memoria.acogidas31Diciembre.hogares));
  section('Tiempo hasta la adopción');
  line('Mediana de días', memoria.tiempoAdopcion.medianaDias === null ? text('Sin adopciones') : number(memoria.tiempoAdopcion.medianaDias));
  line('Adopciones', number(memoria.tiempoAdopcion.adopciones));
  section('Voluntariado');
  line('Personas voluntarias', number(memoria.voluntariado.personas));
  line('Horas', number(memoria.voluntariado.horas));
  if (memoria.voluntariado.nota) data.push([text(memoria.voluntariado.nota)]);
  if (memoria.ingresos) {
    section('Ingresos por concepto');
    for (const i of memoria.ingresos.porConcepto) line(giftConceptLabels[i.concepto], euros(i.importeCentimos));
    line('Total', euros(memoria.ingresos.total, true));
  }
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(data, { sheet: 'Memoria', columns: [{ width: 44 }, { width: 18 }] }).toBuffer();
}
