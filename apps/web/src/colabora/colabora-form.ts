import { COLABORA_TYPES, type ColaboraInput, type ColaboraType, type FeePeriod, colaboraMessages } from '@refugio/contracts';

/** What the form holds as typed (text), before it becomes the request's JSON. */
export interface ColaboraFormValues {
  tipo: ColaboraType | '';
  /** A suggested amount chosen ('10') or 'otro' for the amount typed in `otroImporte`. */
  importe: string;
  otroImporte: string;
  periodicidad: FeePeriod;
  mascotaId: string;
  nombre: string;
  apellidos: string;
  nif: string;
  email: string;
  telefono: string;
  direccion: string;
  codigoPostal: string;
  iban: string;
  consentimientoMandato: boolean;
  privacidad: boolean;
  sitioWeb: string;
}

export type ColaboraField = keyof ColaboraFormValues;

export const emptyColabora: ColaboraFormValues = {
  tipo: '',
  importe: '',
  otroImporte: '',
  periodicidad: 'mensual',
  mascotaId: '',
  nombre: '',
  apellidos: '',
  nif: '',
  email: '',
  telefono: '',
  direccion: '',
  codigoPostal: '',
  iban: '',
  consentimientoMandato: false,
  privacidad: false,
  sitioWeb: '',
};

/** The order of the fields on the page: the first one with an error gets the focus. */
export const colaboraFieldOrder: ColaboraField[] = [
  'tipo',
  'mascotaId',
  'importe',
  'otroImporte',
  'periodicidad',
  'nombre',
  'apellidos',
  'nif',
  'email',
  'telefono',
  'direccion',
  'codigoPostal',
  'iban',
  'consentimientoMandato',
  'privacidad',
];

/*
 * The draft kept while the tab is open (sessionStorage): a reload or a failed request loses nothing typed. The IBAN
 * is never written there (it stays in the page's memory only), nor the honeypot.
 */
const DRAFT_KEY = 'colabora.borrador';

export function loadDraft(): ColaboraFormValues {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return emptyColabora;
    const parsed = JSON.parse(raw) as Partial<ColaboraFormValues>;
    const draft = { ...emptyColabora };
    for (const key of Object.keys(emptyColabora) as ColaboraField[]) {
      if (key === 'iban' || key === 'sitioWeb') continue;
      if (typeof parsed[key] === typeof emptyColabora[key]) (draft as Record<string, unknown>)[key] = parsed[key];
    }
    if (draft.tipo !== '' && !COLABORA_TYPES.includes(draft.tipo)) draft.tipo = '';
    return draft;
  } catch {
    return emptyColabora;
  }
}

export function saveDraft(values: ColaboraFormValues): void {
  try {
    const { iban: _iban, sitioWeb: _trap, ...kept } = values;
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the form still holds what was typed.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The request's JSON and the errors the page can tell before sending (what is missing). The server checks the rest
 * (NIF letter, IBAN check digits, postcode, amount) and its field errors are shown on the same fields.
 */
export function toColaboraInput(values: ColaboraFormValues): { input: ColaboraInput; errors: Partial<Record<ColaboraField, string>> } {
  const errors: Partial<Record<ColaboraField, string>> = {};
  const required = (field: ColaboraField, message: string) => {
    const value = values[field];
    if (typeof value === 'string' ? value.trim() === '' : value !== true) errors[field] = message;
  };
  if (values.tipo === '') errors.tipo = colaboraMessages.typeInvalid;
  if (values.tipo === 'padrino') required('mascotaId', colaboraMessages.petRequired);
  if (values.importe === '') errors.importe = 'Elige un importe.';
  else if (values.importe === 'otro') required('otroImporte', 'Escribe el importe en euros.');
  required('nombre', colaboraMessages.nameRequired);
  required('apellidos', colaboraMessages.surnameRequired);
  required('nif', 'Escribe tu NIF o NIE.');
  required('email', colaboraMessages.emailInvalid);
  required('codigoPostal', 'Escribe tu código postal.');
  required('iban', 'Escribe el IBAN de tu cuenta.');
  required('consentimientoMandato', colaboraMessages.mandateRequired);
  required('privacidad', colaboraMessages.privacyRequired);
  const tipo: ColaboraType = values.tipo || 'socio';
  const input: ColaboraInput = {
    tipo,
    importe: values.importe === 'otro' ? values.otroImporte.trim() : values.importe,
    ...(tipo === 'donativo' ? {} : { periodicidad: values.periodicidad }),
    ...(tipo === 'padrino' && values.mascotaId !== '' ? { mascotaId: Number(values.mascotaId) } : {}),
    nombre: values.nombre,
    apellidos: values.apellidos,
    nif: values.nif,
    email: values.email,
    ...(values.telefono.trim() === '' ? {} : { telefono: values.telefono }),
    ...(values.direccion.trim() === '' ? {} : { direccion: values.direccion }),
    codigoPostal: values.codigoPostal,
    iban: values.iban,
    consentimientoMandato: values.consentimientoMandato as true,
    privacidad: values.privacidad as true,
    ...(values.sitioWeb === '' ? {} : { sitioWeb: values.sitioWeb }),
  };
  return { input, errors };
}

/** Where a field error of the server is shown (the amount typed by hand shows the server's `importe` error). */
export function fieldOfServerError(field: string, values: ColaboraFormValues): ColaboraField | undefined {
  if (field === 'importe' && values.importe === 'otro') return 'otroImporte';
  return (colaboraFieldOrder as string[]).includes(field) ? (field as ColaboraField) : undefined;
}

/** 10.5 -> '10,50 €'. */
export function euros(amount: number): string {
  return `${amount.toFixed(2).replace('.', ',')} €`;
}
