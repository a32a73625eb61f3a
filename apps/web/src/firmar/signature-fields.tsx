import { SIGNATURE_LIMITS, documentMessages, textProblem } from '@refugio/contracts';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import classes from './signature-fields.module.css';

/** Longest full name the form sends (the server refuses longer ones too). */
export const SIGNER_NAME_MAX = SIGNATURE_LIMITS.nameMax;

export interface SignatureValues {
  nombreCompleto: string;
  acepta: boolean;
}

export type SignatureErrors = Partial<Record<'nombreCompleto' | 'firma' | 'acepta', string>>;

export const signatureMessages = {
  nameRequired: documentMessages.nameRequired,
  nameTooLong: documentMessages.nameTooLong,
  signatureRequired: 'Dibuja tu firma en el recuadro o usa tu nombre escrito como firma.',
  acceptRequired: documentMessages.acceptRequired,
} as const;

/** What the form lacks before it can be sent; empty when it is ready. */
export function validateSignature(values: SignatureValues, hasSignature: boolean): SignatureErrors {
  const errors: SignatureErrors = {};
  const name = values.nombreCompleto.replace(/\s+/g, ' ').trim();
  // The server's first check: no control, invisible or direction-changing characters ("Firmante \u202Eonu").
  const problem = textProblem(values.nombreCompleto);
  if (problem) errors.nombreCompleto = problem;
  else if (name.length < 3) errors.nombreCompleto = signatureMessages.nameRequired;
  else if (name.length > SIGNER_NAME_MAX) errors.nombreCompleto = signatureMessages.nameTooLong;
  if (!hasSignature) errors.firma = signatureMessages.signatureRequired;
  if (!values.acepta) errors.acepta = signatureMessages.acceptRequired;
  return errors;
}

/** The drawn signature, read by the form that sends it. */
export interface SignaturePadHandle {
  /** True when nothing was drawn (and the typed name was not used as the signature). */
  isEmpty(): boolean;
  /** The signature as a PNG data URL. */
  toDataURL(): string;
  clear(): void;
}

interface SignatureFieldsProps {
  /** Prefix of the fields' ids (two forms can be on one page). */
  idPrefix: string;
  values: SignatureValues;
  onChange: (values: SignatureValues) => void;
  errors: SignatureErrors;
  /** Told the errors left once a field with an error changes (an error goes as soon as its field is fixed). */
  onErrorsChange: (errors: SignatureErrors) => void;
  padRef: Ref<SignaturePadHandle>;
  /** Told when the pad goes from empty to drawn or back. */
  onSignedChange: (signed: boolean) => void;
  disabled?: boolean;
  /** The acceptance's label ("He leído y acepto el contrato"; a return's acta says so of the acta). */
  acceptLabel?: string;
}

/** Height of the pad for a width: wide enough to sign, never taller than a phone in landscape can show. */
const padHeight = (width: number) => Math.round(Math.min(260, Math.max(160, width * 0.45)));

/** Scales the drawn strokes from one pad size to another (a rotation or a resized window keeps the drawing). */
export function scaleStrokes(groups: PointGroup[], sx: number, sy: number): PointGroup[] {
  return groups.map((group) => ({ ...group, points: group.points.map((p) => ({ ...p, x: p.x * sx, y: p.y * sy })) }));
}

/**
 * The signer's full name, a signature pad (signature_pad: touch, pen and mouse) with "Borrar", and the acceptance
 * checkbox. The pad follows the width of the screen and keeps the drawing when it changes (rotation). Whoever
 * cannot draw can use the typed name as the signature: it is written into the pad.
 */
export function SignatureFields({
  idPrefix,
  values,
  onChange,
  errors,
  onErrorsChange,
  padRef,
  onSignedChange,
  disabled,
  acceptLabel = 'He leído y acepto el contrato',
}: SignatureFieldsProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padInstance = useRef<SignaturePad | null>(null);
  /** The typed name written as the signature, or null when the signature is drawn. */
  const typedSignature = useRef<string | null>(null);
  const size = useRef({ width: 0, height: 0 });
  const signedChanged = (signed: boolean) => {
    onSignedChange(signed);
    if (signed && errors.firma) onErrorsChange({ ...errors, firma: undefined });
  };
  const onSignedChangeRef = useRef(signedChanged);
  useEffect(() => {
    onSignedChangeRef.current = signedChanged;
  });
  const change = (next: SignatureValues, field: 'nombreCompleto' | 'acepta') => {
    onChange(next);
    if (errors[field]) onErrorsChange({ ...errors, [field]: undefined });
  };
  const id = (name: string) => `${idPrefix}-${name}`;

  const writeTypedName = (canvas: HTMLCanvasElement, name: string) => {
    const context = canvas.getContext('2d');
    if (!context) return;
    const { width, height } = size.current;
    let fontSize = Math.round(height * 0.3);
    context.font = `italic ${fontSize}px "Segoe Script", "Brush Script MT", cursive`;
    while (fontSize > 12 && context.measureText(name).width > width - 32) {
      fontSize -= 2;
      context.font = `italic ${fontSize}px "Segoe Script", "Brush Script MT", cursive`;
    }
    context.fillStyle = '#0d1b2a';
    context.textBaseline = 'alphabetic';
    context.fillText(name, 16, height * 0.68);
  };

  useEffect(() => {
    const canvas = canvasRef.current;
    const frame = frameRef.current;
    if (!canvas || !frame) return;
    const pad = new SignaturePad(canvas, { penColor: '#0d1b2a', backgroundColor: 'rgb(255,255,255)', minWidth: 0.8, maxWidth: 2.6 });
    padInstance.current = pad;
    const changed = () => onSignedChangeRef.current(!pad.isEmpty() || typedSignature.current !== null);
    pad.addEventListener('endStroke', () => {
      if (typedSignature.current !== null) {
        // Drawing over the typed name turns the pad into a drawn signature.
        typedSignature.current = null;
      }
      changed();
    });

    const fit = () => {
      const width = Math.round(frame.clientWidth) || 300;
      const height = padHeight(width);
      const previous = size.current;
      if (previous.width === width && previous.height === height) return;
      const strokes = pad.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.style.height = `${height}px`;
      canvas.getContext('2d')?.scale(ratio, ratio);
      size.current = { width, height };
      pad.clear();
      if (strokes.length > 0 && previous.width > 0) pad.fromData(scaleStrokes(strokes, width / previous.width, height / previous.height));
      if (typedSignature.current !== null) writeTypedName(canvas, typedSignature.current);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => fit());
    observer?.observe(frame);
    window.addEventListener('orientationchange', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('orientationchange', fit);
      pad.off();
      padInstance.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) padInstance.current?.off();
    else padInstance.current?.on();
  }, [disabled]);

  const clear = () => {
    typedSignature.current = null;
    padInstance.current?.clear();
    signedChanged(false);
  };

  useImperativeHandle(
    padRef,
    () => ({
      isEmpty: () => typedSignature.current === null && (padInstance.current?.isEmpty() ?? true),
      toDataURL: () => padInstance.current?.toDataURL('image/png') ?? '',
      clear,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handle reads refs only
    [],
  );

  const signWithTypedName = () => {
    const name = values.nombreCompleto.trim();
    const canvas = canvasRef.current;
    if (!name || !canvas) return;
    padInstance.current?.clear();
    typedSignature.current = name;
    writeTypedName(canvas, name);
    signedChanged(true);
  };

  const describedBy = (name: string, hint?: string) =>
    [hint, errors[name as keyof SignatureErrors] ? id(`${name}-error`) : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className={classes.fields}>
      <div className={classes.field}>
        <label className={classes.label} htmlFor={id('nombre')}>
          Nombre completo
        </label>
        <input
          id={id('nombre')}
          className={classes.input}
          autoComplete="name"
          maxLength={SIGNER_NAME_MAX + 20}
          value={values.nombreCompleto}
          disabled={disabled}
          aria-invalid={errors.nombreCompleto ? true : undefined}
          aria-describedby={describedBy('nombreCompleto')}
          onChange={(e) => change({ ...values, nombreCompleto: e.target.value }, 'nombreCompleto')}
        />
        {errors.nombreCompleto ? (
          <p className={classes.error} id={id('nombreCompleto-error')}>
            {errors.nombreCompleto}
          </p>
        ) : null}
      </div>
      <div className={classes.field} role="group" aria-labelledby={id('firma-titulo')} aria-describedby={describedBy('firma', id('firma-ayuda'))}>
        <p className={classes.label} id={id('firma-titulo')} style={{ margin: 0 }}>
          Firma
        </p>
        <p className={classes.hint} id={id('firma-ayuda')}>
          Dibuja tu firma en el recuadro con el dedo, un lápiz o el ratón. Si no puedes dibujarla, escribe tu nombre arriba y pulsa «Usar mi nombre
          como firma».
        </p>
        <div ref={frameRef} className={classes.padFrame} data-invalid={errors.firma ? 'true' : undefined}>
          <canvas ref={canvasRef} className={classes.pad} role="img" aria-label="Recuadro para dibujar la firma" />
          <span className={classes.padLine} aria-hidden="true" />
        </div>
        <div className={classes.padActions}>
          <button type="button" className={classes.secondary} onClick={clear} disabled={disabled}>
            Borrar
          </button>
          <button type="button" className={classes.secondary} onClick={signWithTypedName} disabled={disabled || !values.nombreCompleto.trim()}>
            Usar mi nombre como firma
          </button>
        </div>
        {errors.firma ? (
          <p className={classes.error} id={id('firma-error')}>
            {errors.firma}
          </p>
        ) : null}
      </div>
      <div className={classes.field}>
        <label className={classes.check} htmlFor={id('acepta')}>
          <input
            id={id('acepta')}
            type="checkbox"
            checked={values.acepta}
            disabled={disabled}
            aria-invalid={errors.acepta ? true : undefined}
            aria-describedby={describedBy('acepta')}
            onChange={(e) => change({ ...values, acepta: e.target.checked }, 'acepta')}
          />
          {acceptLabel}
        </label>
        {errors.acepta ? (
          <p className={classes.error} id={id('acepta-error')}>
            {errors.acepta}
          </p>
        ) : null}
      </div>
    </div>
  );
}
