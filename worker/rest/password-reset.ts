// REST paths of password reset (spec, "The calls it makes") and the local mailbox.
import { forgotPasswordInput, resetPasswordInput, verifyResetTokenInput } from '../../common/password-reset.ts';
import { passwordResetAnswerSchema, resetTokenCheckSchema } from '../../common/password-reset-output.ts';
import { localMailSchema } from '../../common/system-output.ts';
import * as z from '../../common/zod.ts';
import type { RestDomain } from './openapi.ts';
import { jsonRoute } from './route.ts';

export const passwordResetRoutes: RestDomain = {
  tag: 'Password reset',
  description: 'Asking for a reset link, checking it and setting a new password; the local mailbox in development.',
  routes: [
    jsonRoute({
      method: 'post',
      path: '/forgot-password',
      summary: 'Mail a reset link',
      description: 'Answers the same whether or not the name or address is known.',
      access: 'anyone',
      body: forgotPasswordInput,
      errors: [429],
      answer: passwordResetAnswerSchema,
      call: (caller, { body }) => caller.passwordReset.request(body),
    }),
    jsonRoute({
      method: 'get',
      path: '/verify-reset-token',
      summary: 'Whether a reset link is still good',
      access: 'anyone',
      query: verifyResetTokenInput,
      errors: [429],
      answer: resetTokenCheckSchema,
      call: (caller, { query }) => caller.passwordReset.verify({ token: query.get('token') ?? '' }),
    }),
    jsonRoute({
      method: 'post',
      path: '/reset-password',
      summary: 'Set a new password with a reset link’s token',
      access: 'anyone',
      body: resetPasswordInput,
      errors: [429],
      answer: passwordResetAnswerSchema,
      call: (caller, { body }) => caller.passwordReset.reset(body),
    }),
    jsonRoute({
      method: 'get',
      path: '/dev/mail',
      summary: 'The local mailbox',
      description: 'Development without a mail provider only; 404 elsewhere.',
      access: 'anyone',
      query: z.object({ to: z.optional(z.string()).meta({ description: 'Only mail to this address.' }) }),
      errors: [404],
      answer: z.array(localMailSchema),
      call: (caller, { query }) => caller.devMail.list({ to: query.get('to') ?? undefined }),
    }),
  ],
};
