/*
 * Texts the staff screens show about a person (DESIGN section 10) beyond the persons contract: the alert on a
 * request whose person is blocked, and why a message cannot be written.
 */

export const personTexts = {
  /** The alert on a request or a registration whose person is blocked: "Persona bloqueada: <reason>". */
  blockedTitle: 'Persona bloqueada',
  /** `undefined` while the person is being read: the alert shows at once, the reason when it arrives. */
  blockedAlert: (motivo: string | null | undefined) =>
    motivo === undefined
      ? 'Persona bloqueada.'
      : motivo && motivo.trim() !== ''
        ? `Persona bloqueada: ${motivo.trim()}`
        : 'Persona bloqueada: sin motivo indicado.',
  possibleDuplicate: 'Posible duplicado',
  anonymised: 'Datos anonimizados',
  whatsappNoPhone: 'Esta persona no tiene un teléfono para escribirle por WhatsApp.',
  whatsappNoConsent: 'Esta persona no aceptó que le escribamos por WhatsApp.',
  emailNoConsent: 'Esta persona no aceptó recibir correos.',
} as const;
