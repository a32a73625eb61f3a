import { type LostFoundReport, type OwnReport, REPORT_HEADLINES, lostFoundMessages, publicReportPhotoPath, reportFacts } from '@refugio/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CopyLink } from '../public/components/copy-link';
import { ShareLinks } from './report-view';

const STATE_TEXT: Record<LostFoundReport['estado'], string> = {
  abierto: 'Abierto',
  reunido: 'Cerrado: reunido con su familia',
  cerrado: 'Cerrado',
  caducado: 'Caducado: pasaron 60 días sin renovarlo',
};

/** The report's private token, from `/aviso/{token}`. */
export function tokenOf(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/aviso\//, '').replace(/\/$/, ''));
}

/**
 * `/aviso/{token}` (DESIGN section 19): the author's page of a report, through its private link: the description
 * changed, 60 more days, closed as reunited or closed (after a confirmation) and opened again; its photo, poster and
 * share links while open; the private link with a button to copy it.
 */
export function AvisoApp({ token }: { token: string }) {
  const [report, setReport] = useState<OwnReport | undefined>();
  const [missing, setMissing] = useState(false);
  const [descripcion, setDescripcion] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [busy, setBusy] = useState(false);
  // A close asks first ("¿Seguro?"): one tap beside "Renovar 60 días" must not end a search.
  const [confirming, setConfirming] = useState<'reunido' | 'cerrado' | undefined>();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const api = `/api/public/avisos/${encodeURIComponent(token)}`;

  useEffect(() => {
    fetch(api, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as OwnReport;
        setReport(body);
        setDescripcion(body.descripcion);
      })
      .catch(() => setMissing(true));
  }, [api]);

  async function change(body: { estado?: 'reunido' | 'cerrado' | 'abierto'; descripcion?: string; renovar?: true }, done: string) {
    setBusy(true);
    setConfirming(undefined);
    setMessage(undefined);
    try {
      const res = await fetch(api, {
        method: 'PATCH',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      });
      const answer = (await res.json().catch(() => ({}))) as OwnReport & { message?: string };
      if (!res.ok) {
        setMessage({ text: answer.message ?? 'No se pudo guardar. Inténtalo de nuevo.', error: true });
        return;
      }
      setReport(answer);
      setDescripcion(answer.descripcion);
      setMessage({ text: done, error: false });
    } catch {
      setMessage({ text: 'No se pudo enviar: comprueba tu conexión e inténtalo de nuevo.', error: true });
    } finally {
      setBusy(false);
      setTimeout(() => statusRef.current?.focus(), 0);
    }
  }

  let content: ReactNode;
  if (missing) {
    content = (
      <>
        <h1>Aviso no encontrado</h1>
        <p>El enlace no es válido. Comprueba que lo has copiado entero.</p>
        <p>
          <a href="/perdidos">Ir a perdidos y encontrados</a>
        </p>
      </>
    );
  } else if (!report) {
    content = (
      <p className="boot" role="status">
        Cargando el aviso...
      </p>
    );
  } else {
    const open = report.estado === 'abierto';
    content = (
      <>
        <p className={`report-kind report-kind-${report.tipo}`}>{REPORT_HEADLINES[report.tipo]}</p>
        <h1>
          Tu aviso: {report.especie} en {report.municipio}
        </h1>
        {open && report.fotos > 0 ? (
          <img
            className="report-photo"
            src={publicReportPhotoPath(report.id, 0, false)}
            alt={`Foto del aviso: ${report.especie} ${report.color}`}
            width={360}
            height={270}
          />
        ) : null}
        <p className="facts">{reportFacts(report).join(' · ')}</p>
        <p>
          <strong>Estado:</strong> {STATE_TEXT[report.estado]}
          {open ? ` · se muestra hasta el ${report.venceEn.slice(0, 10).split('-').reverse().join('/')}` : ''}
        </p>
        <p className="hint">Contacto del aviso: {report.contacto}</p>
        {message ? (
          <p ref={statusRef} tabIndex={-1} className={message.error ? 'form-error' : 'notice'} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
        {open ? (
          <>
            <ShareLinks report={report} />
            <p>
              <a href={`${api}/cartel.pdf`} target="_blank" rel="noreferrer">
                Descargar el cartel para imprimir (PDF)
              </a>
            </p>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (descripcion.trim()) void change({ descripcion: descripcion.trim() }, 'Descripción guardada.');
              }}
            >
              <div className="field">
                <label htmlFor="campo-descripcion">Descripción</label>
                <textarea
                  id="campo-descripcion"
                  rows={4}
                  maxLength={4000}
                  value={descripcion}
                  onChange={(e) => setDescripcion(e.currentTarget.value)}
                />
              </div>
              <button type="submit" className="button button-secondary" disabled={busy || descripcion.trim() === report.descripcion}>
                Guardar la descripción
              </button>
            </form>
            <p>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void change({ renovar: true }, 'Aviso renovado 60 días más.')}
              >
                Renovar 60 días
              </button>
            </p>
            <h2>¿Qué ha pasado?</h2>
            {confirming ? (
              <div className="confirm" role="group" aria-labelledby="confirmar-titulo">
                <p id="confirmar-titulo">
                  <strong>{confirming === 'reunido' ? '¿Cerrar el aviso porque ya está con su familia?' : '¿Cerrar el aviso?'}</strong> Dejará de
                  verse en la lista. Si te equivocas, podrás volver a abrirlo con este enlace.
                </p>
                <div className="actions">
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() =>
                      void change({ estado: confirming }, confirming === 'reunido' ? 'Aviso cerrado: ¡nos alegramos mucho!' : 'Aviso cerrado.')
                    }
                  >
                    Sí, cerrar el aviso
                  </button>{' '}
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirming(undefined)}>
                    No, dejarlo abierto
                  </button>
                </div>
              </div>
            ) : (
              <div className="actions">
                <button type="button" className="button" disabled={busy} onClick={() => setConfirming('reunido')}>
                  Ya está con su familia
                </button>{' '}
                <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirming('cerrado')}>
                  Cerrar el aviso
                </button>
              </div>
            )}
          </>
        ) : report.estado === 'caducado' ? (
          <p>
            <button type="button" className="button" disabled={busy} onClick={() => void change({ renovar: true }, 'Aviso renovado 60 días más.')}>
              Renovar 60 días
            </button>
          </p>
        ) : report.reabrible ? (
          <p>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void change({ estado: 'abierto' }, 'Aviso abierto de nuevo: se muestra 60 días más.')}
            >
              Volver a abrir el aviso
            </button>
          </p>
        ) : (
          <p>{lostFoundMessages.closedByStaff}</p>
        )}
        <h2>Tu enlace privado</h2>
        <p className="hint">Con él cambias, renuevas, cierras o vuelves a abrir el aviso. No lo compartas.</p>
        <CopyLink url={window.location.href} label="Copiar el enlace privado" />
        <p>
          <a href="/perdidos">Ver todos los avisos</a>
        </p>
      </>
    );
  }

  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">Perdidos y encontrados</p>
      </header>
      <main id="contenido" className="page">
        {content}
      </main>
    </>
  );
}
