import { useEffect, useRef, useState } from 'react';
import {
  type CodeSent,
  type SigningView,
  SigningError,
  documentWords,
  getSigning,
  organisationName,
  requestCode,
  sign,
  signingTexts,
} from './firmar-api';
import { SignatureFields, type SignatureErrors, type SignaturePadHandle, type SignatureValues, validateSignature } from './signature-fields';

const timeFormat = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

type Page =
  | { kind: 'loading' }
  | { kind: 'closed'; title: string; message: string }
  | { kind: 'signed'; email: string | null; tipo: SigningView['tipo'] | undefined }
  | { kind: 'form'; view: SigningView };

const CODE_PATTERN = /^\d{6}$/;

/** The page's heading takes the focus when the page changes state, so a screen reader hears where it is. */
function useFocusOnChange(key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}

/** /firmar/{token}: the person reads the document (a contract or a return's acta), gets a code by e-mail, and signs on the phone. */
export function FirmarApp({ token }: { token: string }) {
  const [page, setPage] = useState<Page>({ kind: 'loading' });
  const [organisation, setOrganisation] = useState<string | null>(null);
  const headingRef = useFocusOnChange(page.kind);

  useEffect(() => {
    let live = true;
    getSigning(token)
      .then((view) => {
        if (!live) return;
        setOrganisation(organisationName(view));
        setPage(view.estado === 'firmado' ? { kind: 'signed', email: null, tipo: view.tipo } : { kind: 'form', view });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = error instanceof SigningError ? error.message : signingTexts.notFound;
        const status = error instanceof SigningError ? error.status : 0;
        setPage({ kind: 'closed', title: status === 410 ? 'El enlace ha caducado' : 'Enlace no disponible', message });
      });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">{organisation ?? 'Firma de documentos'}</p>
      </header>
      <main id="contenido" className="page sign-page">
        {page.kind === 'loading' ? (
          <p role="status">Cargando...</p>
        ) : page.kind === 'closed' ? (
          <div className="notice" role="alert">
            <h1 ref={headingRef} tabIndex={-1}>
              {page.title}
            </h1>
            <p>{page.message}</p>
          </div>
        ) : page.kind === 'signed' ? (
          <div className="notice" role="status">
            <h1 ref={headingRef} tabIndex={-1}>
              {page.email === null ? documentWords(page.tipo).yaFirmado : documentWords(page.tipo).firmado}
            </h1>
            {page.email !== null ? (
              <p>
                Gracias. Te hemos enviado una copia firmada por correo{page.email ? ` a ${page.email}` : ''}. Guárdala: es{' '}
                {documentWords(page.tipo).tuya}.
              </p>
            ) : (
              <p>Si necesitas una copia, pídesela a la protectora.</p>
            )}
          </div>
        ) : (
          <SigningForm
            token={token}
            view={page.view}
            headingRef={headingRef}
            onSigned={() => setPage({ kind: 'signed', email: page.view.firmante.email ?? '', tipo: page.view.tipo })}
            onClosed={(title, message) => setPage({ kind: 'closed', title, message })}
          />
        )}
      </main>
    </>
  );
}

interface SigningFormProps {
  token: string;
  view: SigningView;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSigned: () => void;
  onClosed: (title: string, message: string) => void;
}

function SigningForm({ token, view, headingRef, onSigned, onClosed }: SigningFormProps) {
  const [values, setValues] = useState<SignatureValues>({ nombreCompleto: '', acepta: false });
  const [codigo, setCodigo] = useState('');
  const [signed, setSigned] = useState(false);
  const [errors, setErrors] = useState<SignatureErrors & { codigo?: string }>({});
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'sign' | null>(null);
  const padRef = useRef<SignaturePadHandle>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  const closedBy = (error: SigningError): boolean => {
    if (error.status === 404) onClosed('Enlace no disponible', error.message);
    else if (error.status === 410) onClosed('El enlace ha caducado', error.message);
    else if (error.status === 409 && error.message === signingTexts.alreadySigned)
      onClosed(signingTexts.alreadySigned, 'Si necesitas una copia, pídesela a la protectora.');
    else return false;
    return true;
  };

  const askForCode = async () => {
    setBusy('code');
    setCodeNotice(null);
    try {
      const answer = await requestCode(token);
      setSent(answer);
      setErrors((e) => ({ ...e, codigo: undefined }));
      requestAnimationFrame(() => codeRef.current?.focus());
    } catch (error) {
      const refusal = error instanceof SigningError ? error : new SigningError(0, signingTexts.failed);
      if (!closedBy(refusal)) setCodeNotice(refusal.message);
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: SignatureErrors & { codigo?: string } = validateSignature(values, signed && !(padRef.current?.isEmpty() ?? true));
    const code = codigo.replace(/\s/g, '');
    if (!CODE_PATTERN.test(code)) found.codigo = sent ? 'Escribe el código de 6 cifras que te hemos enviado.' : 'Pide el código y escríbelo aquí.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['codigo', 'nombreCompleto', 'firma', 'acepta'] as const).find((k) => found[k]);
      const target =
        first === 'codigo' ? 'firma-codigo' : first === 'nombreCompleto' ? 'firma-nombre' : first === 'acepta' ? 'firma-acepta' : undefined;
      if (target) document.getElementById(target)?.focus();
      else document.getElementById('firma-firma-titulo')?.scrollIntoView({ block: 'center' });
      return;
    }
    setBusy('sign');
    try {
      await sign(token, { codigo: code, nombreCompleto: values.nombreCompleto.trim(), firma: padRef.current?.toDataURL() ?? '', acepta: true });
      onSigned();
    } catch (error) {
      const refusal = error instanceof SigningError ? error : new SigningError(0, signingTexts.failed);
      if (closedBy(refusal)) return;
      // A wrong code, a locked link, a refused signature: the server's words, and everything typed stays.
      const fieldErrors = refusal.fieldErrors;
      if (refusal.status === 400 && (fieldErrors.codigo || /c[oó]digo/i.test(refusal.message))) {
        setErrors({ codigo: fieldErrors.codigo ?? refusal.message });
        codeRef.current?.focus();
      } else {
        setErrors({
          ...(fieldErrors.nombreCompleto && { nombreCompleto: fieldErrors.nombreCompleto }),
          ...(fieldErrors.firma && { firma: fieldErrors.firma }),
          ...(fieldErrors.acepta && { acepta: fieldErrors.acepta }),
        });
        setFormError(refusal.message);
        requestAnimationFrame(() => formErrorRef.current?.focus());
      }
    } finally {
      setBusy(null);
    }
  };

  const venceEn = new Date(view.venceEn);
  const words = documentWords(view.tipo);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {view.titulo}
      </h1>
      <p className="intro-text">
        Hola, {view.firmante.nombre}. {words.lee} El enlace vale hasta el {dayFormat.format(venceEn)}.
      </p>
      <section className="card sign-step" aria-labelledby="paso-contrato">
        <h2 id="paso-contrato">{words.paso}</h2>
        <p>
          <a className="button" href={view.pdfUrl} target="_blank" rel="noreferrer">
            {words.abrir}
          </a>
        </p>
        <p className="hint">Se abre en otra pestaña. Vuelve aquí para firmar.</p>
      </section>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <section className="card sign-step" aria-labelledby="paso-codigo">
          <h2 id="paso-codigo">2. Confirma que eres tú</h2>
          <p>
            {view.firmante.email
              ? `Te enviaremos un código de 6 cifras a tu correo ${view.firmante.email}.`
              : 'No tenemos tu correo: pide a la protectora que lo añada o firma en persona.'}
          </p>
          <button type="button" className="button-secondary button" onClick={() => void askForCode()} disabled={busy !== null}>
            {busy === 'code' ? 'Enviando...' : sent ? 'Enviarme otro código' : 'Enviarme el código'}
          </button>
          {sent ? (
            <p className="confirmation" role="status">
              Código enviado a {sent.enviadoA}. Vale hasta las {timeFormat.format(new Date(sent.venceEn))}.
            </p>
          ) : null}
          {codeNotice ? (
            <p className="form-error" role="alert">
              {codeNotice}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="firma-codigo">Código de 6 cifras</label>
            <input
              id="firma-codigo"
              ref={codeRef}
              className="code-input"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              value={codigo}
              aria-invalid={errors.codigo ? true : undefined}
              aria-describedby={errors.codigo ? 'firma-codigo-error' : undefined}
              onChange={(e) => {
                setCodigo(e.target.value.replace(/\D/g, '').slice(0, 6));
                setErrors((current) => ({ ...current, codigo: undefined }));
              }}
            />
            {errors.codigo ? (
              <p className="field-error" id="firma-codigo-error">
                {errors.codigo}
              </p>
            ) : null}
          </div>
        </section>
        <section className="card sign-step" aria-labelledby="paso-firma">
          <h2 id="paso-firma">3. Firma</h2>
          <SignatureFields
            idPrefix="firma"
            values={values}
            onChange={setValues}
            errors={errors}
            onErrorsChange={(next) => setErrors((e) => ({ ...next, codigo: e.codigo }))}
            padRef={padRef}
            onSignedChange={setSigned}
            disabled={busy === 'sign'}
            acceptLabel={words.acepto}
          />
          {formError ? (
            <p className="form-error" role="alert" tabIndex={-1} ref={formErrorRef}>
              {formError}
            </p>
          ) : null}
          <button type="submit" className="button sign-submit" disabled={busy !== null}>
            {busy === 'sign' ? 'Firmando...' : 'Firmar'}
          </button>
        </section>
      </form>
    </>
  );
}
