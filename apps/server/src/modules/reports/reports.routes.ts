import {
  REPORT_KEYS,
  apiErrorBodySchema,
  memoriaQuerySchema,
  memoriaSchema,
  reportKeyParamsSchema,
  reportListSchema,
  reportQuerySchema,
  reportSchema,
  reportSubscriptionInputSchema,
  reportSubscriptionSchema,
  reportSubscriptionsSchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderMemoriaPdf } from './memoria-pdf';
import { writeMemoriaXlsx, writeReportXlsx } from './report-xlsx';

const staff = { access: 'staff' as const };
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(reply: FastifyReply, type: string, name: string, body: Buffer) {
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(body);
}

/** The annual report and the ready reports (DESIGN section 16): read by the team, the money parts by administrators. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.reportsService;

  app.get(
    '/api/memoria',
    {
      config: staff,
      schema: {
        tags: ['Informes'],
        summary: 'Memoria anual de la entidad (JSON, PDF o Excel)',
        description:
          'Entradas por procedencia y especie, salidas por destino, devoluciones de adopciones, fallecimientos por causa, esterilizaciones, ' +
          'mascotas en acogida el 31 de diciembre, mediana de días hasta la adopción, personas voluntarias y sus horas e ' +
          'ingresos por concepto. Los ingresos solo los ven las personas administradoras (para el resto, ingresos: null y sin esa sección ' +
          'en el PDF y el Excel). Año no válido o ausente: 400; un año sin datos da ceros. El PDF lleva en la cabecera el nombre de la ' +
          'organización, su nº de núcleo zoológico y su nº de registro de entidades.',
        querystring: memoriaQuerySchema,
        produces: ['application/json', 'application/pdf', XLSX],
        response: { 200: memoriaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { anio, formato } = request.query;
      const memoria = await service.memoria(request.user!, anio);
      if (formato === 'pdf') return download(reply, 'application/pdf', `memoria-${anio}.pdf`, await renderMemoriaPdf(memoria));
      if (formato === 'xlsx') return download(reply, XLSX, `memoria-${anio}.xlsx`, await writeMemoriaXlsx(memoria));
      return memoria;
    },
  );

  app.get(
    '/api/informes',
    {
      config: staff,
      schema: {
        tags: ['Informes'],
        summary: 'Informes disponibles',
        description: 'Los informes preparados que la persona puede ver (donativos, solo administración).',
        response: { 200: reportListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => service.listReports(request.user!),
  );

  app.get(
    '/api/informes/suscripciones',
    {
      config: staff,
      schema: {
        tags: ['Informes'],
        summary: 'Mis suscripciones a informes mensuales',
        response: { 200: reportSubscriptionsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => service.mySubscriptions(request.user!),
  );

  app.get(
    '/api/informes/:clave',
    {
      config: staff,
      schema: {
        tags: ['Informes'],
        summary: 'Un informe entre dos fechas (JSON o Excel)',
        description:
          `clave: ${REPORT_KEYS.join(', ')}. Filas, totales y una serie mensual para dibujarla. desde y hasta son obligatorias ` +
          '(AAAA-MM-DD, ambas incluidas); desde posterior a hasta, fechas no válidas o más de 10 años: 400. Informe desconocido: 404; ' +
          'donativos para quien no es administrador: 403. Los importes van en céntimos (en el Excel, en euros).',
        params: reportKeyParamsSchema,
        querystring: reportQuerySchema,
        produces: ['application/json', XLSX],
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { desde, hasta, formato } = request.query;
      const report = await service.report(request.user!, request.params.clave, { desde, hasta });
      if (formato === 'xlsx') return download(reply, XLSX, `informe-${report.clave}-${desde}-${hasta}.xlsx`, await writeReportXlsx(report));
      return report;
    },
  );

  app.post(
    '/api/informes/:clave/suscripcion',
    {
      config: staff,
      schema: {
        tags: ['Informes'],
        summary: 'Recibir un informe por correo cada mes',
        description:
          'Al empezar cada mes, la persona recibe por correo el informe del mes anterior (sus totales y el enlace para verlo y descargarlo). ' +
          '201 al suscribirse; 200 si ya lo estaba (nada cambia). Informe desconocido: 404; donativos sin ser administrador: 403.',
        params: reportKeyParamsSchema,
        body: reportSubscriptionInputSchema,
        response: { 200: reportSubscriptionSchema, 201: reportSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, subscription } = await service.subscribe(request.user!, request.params.clave);
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/api/informes/:clave/suscripcion',
    {
      config: staff,
      schema: {
        tags: ['Informes'],
        summary: 'Dejar de recibir un informe mensual',
        description: 'Sin suscripción a ese informe: 404.',
        params: reportKeyParamsSchema,
        response: { 204: z.null().describe('Baja hecha'), ...errors },
      },
    },
    async (request, reply) => {
      await service.unsubscribe(request.user!, request.params.clave);
      return reply.status(204).send(null);
    },
  );
};
