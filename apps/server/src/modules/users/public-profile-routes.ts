import { z } from 'zod';
import {
  LIMITS,
  PUBLIC_PROFILE_FLAGS,
  PUBLIC_PROFILE_TEXT_FIELDS,
  publicProfilePatchSchema,
} from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { PublicProfileSettingsService } from './public-profile.js';

const tags = ['profile'];
const security = [{ bearer: [] }];

const settingsAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  ...Object.fromEntries(PUBLIC_PROFILE_TEXT_FIELDS.map((f) => [f, z.string().nullable()])),
  ...Object.fromEntries(PUBLIC_PROFILE_FLAGS.map((f) => [f, z.boolean()])),
  banner: z.object({ id: z.number(), url: z.string(), large: z.string() }).nullable(),
  picture: z.object({ id: z.number(), url: z.string(), large: z.string() }).nullable(),
  connections_require_product_id: z.union([z.string(), z.number()]).nullable(),
  connection_message_required: z.boolean(),
  connection_message_hint: z.string().nullable(),
});

/** Clients send the settings back with their ids; the id in the path decides. */
const body = publicProfilePatchSchema.extend({
  id: z.unknown().optional(),
  '@id': z.unknown().optional(),
  banner: z.unknown().optional(),
  picture: z.unknown().optional(),
});

/** The public profile settings (docs/API.md, Calls: Profile). */
export function registerPublicProfileRoutes(
  app: ZodApp,
  guard: AuthGuard,
  settings: PublicProfileSettingsService,
): void {
  const strip = (input: z.infer<typeof body>) => {
    const { id: _id, '@id': _iri, banner: _banner, picture: _picture, ...patch } = input;
    return patch;
  };

  app.get(
    '/api/user/profile/public',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: "The signed-in person's public profile settings",
        response: { 200: settingsAnswer },
      },
    },
    (request) => settings.get(authOf(request).userId),
  );

  app.post(
    '/api/user/profile/public',
    {
      config: { right: 'public_profile' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Turn on the public profile with its settings (409 when there is one)',
        body,
        response: { 201: settingsAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await settings.create(authOf(request).userId, strip(request.body))),
  );

  app.patch(
    '/api/user/profile/public/:id',
    {
      config: { right: 'public_profile' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Change the public profile settings (merge-patch; the id is the profile id)',
        params: z.object({ id: z.string().max(64) }),
        body,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => {
      const profileId = intIdFromIri(request.params.id);
      if (profileId === undefined) throw notFound();
      return settings.patch(authOf(request).userId, profileId, strip(request.body));
    },
  );

  // A patch without its id (docs/RULES.md, Profile rules: 'id is required').
  for (const url of ['/api/user/profile', '/api/user/profile/public/']) {
    app.patch(
      url,
      {
        config: { right: 'public_profile' },
        preParsing: guard.required,
        schema: { tags, security, summary: "Answers 422 'id is required'", hide: true },
      },
      () => {
        throw violation('id', 'profile.idRequired');
      },
    );
  }

  app.get(
    '/api/user/profile/public/slug/:slug',
    {
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: `Whether a public profile slug (${LIMITS.slugMin}-${LIMITS.slugMax} lowercase letters or digits) is free`,
        params: z.object({ slug: z.string().max(100) }),
        response: {
          200: z.object({ slug: z.string(), valid: z.boolean(), available: z.boolean() }),
        },
      },
    },
    (request) => settings.slugAvailability(authOf(request).userId, request.params.slug),
  );
}
