import { signInPersonInputSchema, textMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { validateSignature } from './signature-fields';

const FAKE_PNG = 'data:image/png;base64,iVBORw0KGgo=';

/* Issue 33, section 1: the signing page refuses, as the server does, a name that shows one thing and stores another. */
describe("the signing page's name check", () => {
  it.each(['Firmante \u202Eonu', 'Marta\u200B García', 'Marta\u0000 García', '\u2066Marta García\u2069'])(
    'refuses %j with the server’s message',
    (nombreCompleto) => {
      expect(validateSignature({ nombreCompleto, acepta: true }, true)).toEqual({ nombreCompleto: textMessages.invalidCharacters });
      const server = signInPersonInputSchema.safeParse({ nombreCompleto, firma: FAKE_PNG, acepta: true });
      expect(server.error?.issues.map((i) => i.message)).toEqual([textMessages.invalidCharacters]);
    },
  );

  it.each(['Marta García López', 'María José Núñez 🐶', 'Ñandú Pérez-Ibáñez'])('accepts %j', (nombreCompleto) => {
    expect(validateSignature({ nombreCompleto, acepta: true }, true)).toEqual({});
    expect(signInPersonInputSchema.safeParse({ nombreCompleto, firma: FAKE_PNG, acepta: true }).success).toBe(true);
  });
});
