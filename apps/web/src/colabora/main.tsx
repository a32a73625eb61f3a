import '../public/public.css';
import './colabora.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ColaboraApp } from './colabora-app';

const container = document.getElementById('root');
if (!container) throw new Error('colabora.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <ColaboraApp />
  </StrictMode>,
);
