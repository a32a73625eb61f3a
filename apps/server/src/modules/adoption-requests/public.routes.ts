import { adoptionApplicationInputSchema, adoptionApplicationResultSchema, apiErrorBodySchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const open = { access: 'public' as const };
const tags = ['Público'];
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema, 413: apiErrorBodySchema, 415: apiErrorBodySchema };

/** The public adoption application of DESIGN section 7 (the catalogue it starts from is modules/catalogue). */
export const publicAdoptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = app.adoptionRequestsService;

  app.post(
    '/api/public/solicitudes-adopcion',
    {
      // Strangers submit from phones: PUBLIC_SUBMISSIONS_PER_HOUR per address on top of the general budget.
      config: { ...open, budget: 'publicSubmission', crossSite: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Enviar una solicitud de adopción',
        description:
          'JSON. Persona mayor de edad; `aceptaVisita` y `aceptaPrivacidad` deben ser true; `permiteMascotas` es obligatorio (y debe ser true) si la vivienda es alquilada. ' +
          'Datos no válidos: 400 con `fieldErrors`. Mascota no pública: 404. El mismo correo para la misma mascota en menos de 24 horas: 409. ' +
          'El campo `sitioWeb` es una trampa para robots: si llega con texto, responde 201 con `id` 0 y no guarda nada.',
        body: adoptionApplicationInputSchema,
        response: { 201: adoptionApplicationResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await requests.apply(request.body)),
  );
};
