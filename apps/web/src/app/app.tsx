import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PageSectionsProvider } from '../components/ui/page-sections';
import { pageSections } from './page-sections';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  // Created once per mount (not at import time) so tests and hot reloads get a fresh router.
  const [router] = useState(createAppRouter);
  return (
    // Every CSS variable written by the provider (not only those that differ from Mantine's defaults), so the 27 KB of
    // default-css-variables.css stay out of the first download (main.tsx).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" deduplicateCssVariables={false}>
      <QueryClientProvider client={queryClient}>
        <PageSectionsProvider value={pageSections}>
          <RouterProvider router={router} />
        </PageSectionsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
