import type { MetadataRoute } from 'next';

/** Installable on a phone's home screen; the icons are app/icon.svg rendered (scripts/render-icons.mjs). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Cadence',
    short_name: 'Cadence',
    description: 'The coaching platform: clients, goals and AI check-ins.',
    start_url: '/dashboard',
    display: 'standalone',
    background_color: '#fafaf9',
    theme_color: '#93550d',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
