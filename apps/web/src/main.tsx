// Mantine's global layers first; each component's stylesheet comes with the chunk that uses it (vite.config.ts).
// Its default CSS variables are not downloaded: MantineProvider writes them all (app.tsx, deduplicateCssVariables).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
