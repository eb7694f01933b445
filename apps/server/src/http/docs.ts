import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The text fields an upload route reads before its `file` part, in order; the route is
     * described as taking multipart/form-data (the parser, not a schema, reads the body).
     */
    uploadForm?: readonly string[];
  }
}

/** The OpenAPI request body of an upload route: its fields, then the required `file`. */
function uploadBody(fields: readonly string[]) {
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(fields.map((name) => [name, { type: 'string' }])),
      file: { type: 'string', format: 'binary' },
    },
    required: ['file'],
  };
}

/** OpenAPI generated from the zod route schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  const zodTransform = createJsonSchemaTransform({
    skipList: ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/*'],
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Memoria API',
        description: 'The API of Memoria, a social note-sharing application.',
        version: '0.1.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (document) => {
      const transformed = zodTransform(document);
      const form = document.route.config?.uploadForm;
      if (!form || !transformed.schema) return transformed;
      // Documented so that clients (and the fuzzer, http/fuzz) know these take multipart.
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          consumes: ['multipart/form-data'],
          body: uploadBody(form),
        },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
}
