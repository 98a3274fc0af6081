/**
 * What needs no bearer token: POST /api/v1/oauth/token (client credentials), GET /api/v1/ping and the API's
 * description, GET /api/v1/openapi.json.
 */
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../domain/openapi.js';
import type { SandboxContext } from '../http/context.js';
import { serve } from '../http/operation.js';
import { OAuthError } from '../http/tokens.js';

export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(
    app,
    'issueToken',
    async ({ request, reply, body: input }) => {
      const body = input();
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        throw new OAuthError(400, 'invalid_request', 'the body must be form fields or a JSON object');
      }
      const grant = ctx.tokens.grant({
        authorization: request.headers.authorization,
        body: body as Record<string, unknown> | undefined,
      });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return grant;
    },
    { config: { oauth: true } },
  );

  serve(app, 'ping', async () => ({ data: { status: 'ok', time: ctx.now().toISOString() } }));

  let document: unknown;
  serve(app, 'getOpenApi', async () => {
    document ??= openApiDocument(ctx.baseUrl ? { serverUrl: ctx.baseUrl } : {});
    return document;
  });
}
