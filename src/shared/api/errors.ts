import { z } from 'zod';

/**
 * The body of every error answer (docs/api-auth.md "Conventions"): field → one message or a list,
 * each `<key>` or `<key>:<detail>` (src/shared/error-codes.ts lists the keys).
 */
export const errorBody = z
  .object({
    errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  })
  .meta({
    description: 'field → message or messages; a message is `<key>` or `<key>:<detail>`',
    examples: [{ errors: { email: ['invalid_email'] } }],
  });
export type ErrorBody = z.output<typeof errorBody>;
