import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the zod route schemas; browsable at /api/docs (test/http/openapi.test.ts validates it). */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Refugio Admin API',
          description: 'API del back-office de Refugio Admin. Los errores responden `{ code, message, fieldErrors?, requestId }`.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
        },
      },
      transform: jsonSchemaTransform,
      // Schemas named with an `id` (recursive ones need one) become components/schemas, which their references point at.
      // OpenAPI 3.0 (the document's version) for them too: the default, JSON Schema 2020-12, writes `type: null`.
      transformObject: createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } }),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header,
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  },
  { name: 'openapi' },
);
