import { apiErrorBodySchema, can, dashboardSchema, jobIdParamsSchema, pendingWorkSchema, retriedJobSchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const staff = { access: 'staff' as const };
const tags = ['Panel'];
const errors = { 401: apiErrorBodySchema, 403: apiErrorBodySchema };

/** The dashboard and the side overlay's "Pendientes". */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.dashboardService;

  app.get(
    '/api/dashboard',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cifras y series del panel de control',
        description: 'Los administradores reciben además `dinero`: socios y padrinos activos, ingresos del mes por concepto y bajas del mes.',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.dashboard({ admin: can(request.user, 'dinero') });
    },
  );

  app.get(
    '/api/pendientes',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Trabajo pendiente: solicitudes nuevas, solicitudes de publicación, publicaciones de hoy, cuidados, correos fallidos, duplicados, novedades de acogida, seguimientos, turnos sin cubrir, recibos devueltos, (en enero) donantes sin NIF y trabajos fallidos',
        description:
          'Cada rol recibe solo los recuentos cuya lista puede abrir (la tabla de permisos, `PENDING_WORK_CAPABILITIES`); los demás no vienen en la respuesta ni cuentan en `total`.',
        response: { 200: pendingWorkSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.pending({ role: request.user });
    },
  );

  app.post(
    '/api/trabajos/:id/reintentar',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reintentar un trabajo en segundo plano fallido (administradores)',
        params: jobIdParamsSchema,
        response: { 200: retriedJobSchema, 404: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => service.retryJob(request.params.id),
  );
};
