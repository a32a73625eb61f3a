import { type SignatureCodeSent, type SignatureView, documentMessages } from '@refugio/contracts';

/** The public signing page's calls (`/api/firma/{token}`): plain fetch, no staff code. */

/** `GET /api/firma/{token}`: the document's title and type, and the organisation's name for the page's header. */
export type SigningView = SignatureView;

export type CodeSent = SignatureCodeSent;

/** A refused call: the HTTP status and the server's Spanish message. */
export class SigningError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const signingTexts = {
  notFound: 'Este enlace no es válido.',
  alreadySigned: documentMessages.alreadySigned,
  offline: 'No hay conexión. Lo que escribiste sigue aquí: inténtalo de nuevo.',
  failed: 'No se pudo completar. Lo que escribiste sigue aquí: inténtalo de nuevo.',
} as const;

async function refusal(res: Response): Promise<SigningError> {
  let body: { message?: unknown; fieldErrors?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // An answer without a JSON body (a proxy's page): the generic text below.
  }
  const fieldErrors =
    body.fieldErrors && typeof body.fieldErrors === 'object'
      ? Object.fromEntries(Object.entries(body.fieldErrors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  const message = res.status === 404 ? signingTexts.notFound : typeof body.message === 'string' && body.message ? body.message : signingTexts.failed;
  return new SigningError(res.status, message, fieldErrors);
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) } });
  } catch {
    throw new SigningError(0, signingTexts.offline);
  }
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}

const base = (token: string) => `/api/firma/${encodeURIComponent(token)}`;

export const getSigning = (token: string) => call<SigningView>(base(token));

export const requestCode = (token: string) => call<CodeSent>(`${base(token)}/codigo`, { method: 'POST', body: '{}' });

export const sign = (token: string, input: { codigo: string; nombreCompleto: string; firma: string; acepta: true }) =>
  call<{ estado: 'firmado'; sha256: string }>(base(token), { method: 'POST', body: JSON.stringify(input) });

export function organisationName(view: SigningView): string | null {
  return view.organizacion?.nombre || null;
}

/** How the page speaks of the document it signs: a contract (masculine) or a return's acta (feminine). */
export function documentWords(tipo: SigningView['tipo'] | undefined) {
  if (tipo === 'acta_devolucion')
    return {
      el: 'el acta',
      firmado: 'Acta firmada',
      yaFirmado: documentMessages.actaAlreadySigned,
      lee: 'Lee el acta y fírmala desde aquí.',
      abrir: 'Abrir el acta (PDF)',
      paso: '1. Lee el acta',
      tuya: 'tu acta de devolución',
      acepto: 'He leído y acepto el acta',
      firmante: 'La persona que devuelve el animal',
    };
  if (tipo === 'acuerdo_voluntariado')
    return {
      el: 'el acuerdo',
      firmado: 'Acuerdo firmado',
      yaFirmado: 'Este acuerdo ya está firmado.',
      lee: 'Lee el acuerdo y fírmalo desde aquí.',
      abrir: 'Abrir el acuerdo (PDF)',
      paso: '1. Lee el acuerdo',
      tuya: 'tu acuerdo de voluntariado',
      acepto: 'He leído y acepto el acuerdo',
      firmante: 'La persona voluntaria',
    };
  const [tuya, firmante] =
    tipo === 'contrato_cesion'
      ? ['tu contrato de cesión', 'La persona que cede el animal']
      : tipo === 'contrato_acogida'
        ? ['tu contrato de acogida', 'La persona de acogida']
        : ['tu contrato de adopción', 'La persona adoptante'];
  return {
    el: 'el contrato',
    firmado: 'Contrato firmado',
    yaFirmado: documentMessages.alreadySigned,
    lee: 'Lee el contrato y fírmalo desde aquí.',
    abrir: 'Abrir el contrato (PDF)',
    paso: '1. Lee el contrato',
    tuya,
    acepto: 'He leído y acepto el contrato',
    firmante,
  };
}
