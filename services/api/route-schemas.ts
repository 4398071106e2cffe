import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  preValidationHookHandler,
} from "fastify";
import { z } from "zod";

/**
 * How the zod schemas that routes declare (`schema: { body, querystring, params, response }`)
 * are used: requests are validated by the schema itself, responses are only described by theirs.
 * The types come from fastify-type-provider-zod (ZodTypeProvider), the OpenAPI document from its
 * jsonSchemaTransform (openapi.ts).
 */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRoute", (route) => {
    const body = route.schema?.body;
    if (!(body instanceof z.ZodType)) return;
    const hooks = route.preValidation;
    route.preValidation = [
      ...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]),
      absentBody(body),
    ];
  });
}

/**
 * A failed parse leaves as the ZodError itself: the one error-to-HTTP mapping (error-mapping.ts)
 * answers it 400 validation_failed with the field's path and every issue, as it answers a parse
 * that fails anywhere else. (The provider's own compiler turns the issues into Ajv-style
 * records with `/`-joined paths, which that mapping would have to take apart again.)
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };

/**
 * Answers are written as JSON.stringify writes them, as without a schema: a response schema
 * documents the answer and types the handler's return value (ZodTypeProvider), but does not
 * filter it (a zod object drops the fields it does not name) nor parse every answer again.
 * The API's tests parse the answers with the same schemas.
 */
const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Fastify hands a validator null for a body that was not sent at all; the schema is asked
 * about undefined instead, so that the answer says what was (not) sent, as a JSON `null` body's
 * says "received null". A route-level hook: it runs after the route group's key check.
 */
function absentBody(schema: z.ZodType): preValidationHookHandler {
  return (request, _reply, done) => {
    if (request.body !== undefined) return done();
    const result = schema.safeParse(undefined);
    done(result.success ? undefined : result.error);
  };
}
