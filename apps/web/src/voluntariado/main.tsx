import '../public/public.css';
import './voluntariado.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VoluntariadoApp } from './voluntariado-app';

const container = document.getElementById('root');
if (!container) throw new Error('voluntariado.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <VoluntariadoApp token={decodeURIComponent(window.location.pathname.replace(/^\/voluntariado\/?/, '').split('/')[0] ?? '')} />
  </StrictMode>,
);
