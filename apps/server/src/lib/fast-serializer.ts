import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's `serializerCompiler` for a hot read whose answer the service builds typed (the pet list): the 200
 * answer is written by fast-json-stringify, compiled once from the zod schema's JSON Schema, instead of being
 * parsed again by zod and then passed to `JSON.stringify` (the app's default, kept for every other status and
 * route). The schema still documents the route (OpenAPI) and types the handler; properties come out in the
 * schema's order, and anything the schema does not name is left out, as zod's parse would.
 */
export function fastSerializerFor200<RouteSchema>(schema: z.ZodType): FastifySerializerCompiler<RouteSchema> {
  const stringify = fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Parameters<typeof fastJson>[0]);
  return (route) =>
    String(route.httpStatus) === '200'
      ? (data: unknown) => stringify(data)
      : // Every other status of the route carries a zod schema, as everywhere else.
        zodSerializerCompiler(route as unknown as Parameters<typeof zodSerializerCompiler>[0]);
}
