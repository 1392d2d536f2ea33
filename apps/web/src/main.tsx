import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import './index.css';

captureInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition: React renders the first screen in slices and yields between them, instead of one long
// task that keeps a slow phone from answering a tap (Lighthouse's Total Blocking Time; decision 0012).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
