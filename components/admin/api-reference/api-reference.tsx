'use client';

import { useEffect, useRef, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Loading } from '@/components/ui/spinner';
import { AdminShell, API_REFERENCE_VIEW } from '../admin-shell';

/** The part of the Scalar bundle's global this page uses. */
interface ScalarGlobal {
  createApiReference(element: HTMLElement, config: Record<string, unknown>): { destroy?: () => void };
}

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

const SCRIPT_URL = '/api/reference/script.js';
const DOCUMENT_URL = '/api/openapi.json';

function loadScalar(): Promise<ScalarGlobal> {
  if (window.Scalar) return Promise.resolve(window.Scalar);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error('The reference script did not start')));
    script.onerror = () => reject(new Error('The reference script could not be loaded'));
    document.head.append(script);
  });
}

/**
 * The API reference for admins: Scalar renders /api/openapi.json, the document generated from
 * lib/contract. Its web fonts, AI agent, developer toolbar and hosted client are off: each would load
 * from Scalar's servers, and the page may reach only this site.
 */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let app: { destroy?: () => void } | undefined;
    loadScalar()
      .then((scalar) => {
        if (cancelled || !container.current) return;
        app = scalar.createApiReference(container.current, {
          url: DOCUMENT_URL,
          withDefaultFonts: false,
          hideClientButton: true,
          documentDownloadType: 'json',
          showDeveloperTools: 'never',
          showToolbar: 'never',
          agent: { disabled: true },
          forceDarkModeState: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
          hideDarkModeToggle: true,
          telemetry: false,
          defaultOpenAllTags: false,
        });
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      app?.destroy?.();
    };
  }, []);

  return (
    <AdminShell current={API_REFERENCE_VIEW}>
      <main>
        <div className="mx-auto max-w-7xl px-4 py-6 md:px-6">
          <h1 className="text-2xl font-semibold">Cadence API reference</h1>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            Every endpoint with its input, answers and failures, generated from the code. Raw document:{' '}
            <a className="underline hover:text-stone-900 dark:hover:text-stone-100" href={DOCUMENT_URL}>
              /api/openapi.json
            </a>
          </p>
          {state === 'loading' && <Loading label="Loading the reference…" />}
          {state === 'failed' && (
            <Banner tone="error" className="mt-4">
              The reference could not be loaded. Reload the page to try again.
            </Banner>
          )}
        </div>
        <div ref={container} />
      </main>
    </AdminShell>
  );
}
