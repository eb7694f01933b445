import { z } from 'zod';
import { profilePatchSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { UserService } from './service.js';
import { userAnswer } from './answers.js';

const tags = ['profile'];
const security = [{ bearer: [] }];

/** Clients send the profile back with its id; the id in the path decides. */
const profilePatchBody = profilePatchSchema.extend({
  id: z.unknown().optional(),
  '@id': z.unknown().optional(),
});

export function registerUserRoutes(app: ZodApp, guard: AuthGuard, users: UserService): void {
  app.get(
    '/api/profile',
    {
      preParsing: guard.required,
      config: { allowActivation: true },
      schema: { tags, security, summary: 'The signed-in user', response: { 200: userAnswer } },
    },
    async (request) => {
      const auth = authOf(request);
      return users.loadUser(auth.userId, auth.rootUserId);
    },
  );

  app.patch(
    '/api/user/profile/:id',
    {
      config: { right: 'profile' },
      preParsing: guard.required,
      schema: {
        tags,
        security,
        summary: 'Change own profile (merge-patch)',
        params: z.object({ id: z.string().max(64) }),
        body: profilePatchBody,
        response: { 200: userAnswer },
      },
    },
    async (request) => {
      const profileId = intIdFromIri(request.params.id);
      if (profileId === undefined) throw notFound();
      const { id: _id, '@id': _iri, ...patch } = request.body;
      const auth = authOf(request);
      return users.patchProfile(auth.userId, profileId, patch, auth.rootUserId);
    },
  );
}
