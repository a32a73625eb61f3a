import {
  type PublicReport,
  REPORT_HEADLINES,
  publicReportPhotoPath,
  reportCardPath,
  reportFacts,
  reportShareText,
  whatsappShareUrl,
} from '@refugio/contracts';

/** The share links of an open report: WhatsApp with its text and address, and its image for social networks. */
export function ShareLinks({ report }: { report: PublicReport }) {
  return (
    <p className="share-links">
      <a className="button" href={whatsappShareUrl(reportShareText(report, window.location.origin))} target="_blank" rel="noreferrer">
        Compartir por WhatsApp
      </a>{' '}
      <a className="button button-secondary" href={reportCardPath(report.id)} target="_blank" rel="noreferrer" download>
        Imagen para redes
      </a>
    </p>
  );
}

/** One report in the public list: its first photo, headline, facts and description; never its contact. */
export function ReportCard({ report, headingLevel = 2 }: { report: PublicReport; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card report-card" id={`aviso-${report.id}`}>
      <div className="card-photo">
        {report.fotos > 0 ? (
          <img src={publicReportPhotoPath(report.id, 0)} alt={`Foto del aviso ${report.id}: ${report.especie} ${report.color}`} loading="lazy" />
        ) : (
          <span className="card-nophoto">Sin foto</span>
        )}
      </div>
      <div className="card-body">
        <p className={`report-kind report-kind-${report.tipo}`}>{REPORT_HEADLINES[report.tipo]}</p>
        <Heading className="card-title">
          {report.especie} en {report.municipio}
        </Heading>
        <p className="facts">{reportFacts(report).join(' · ')}</p>
        <p className="report-text">{report.descripcion}</p>
        <ShareLinks report={report} />
      </div>
    </li>
  );
}
