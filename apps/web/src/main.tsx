import './app/fonts.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root fehlt in index.html');

// index.html preloads the app's chunks (vite-prerender.ts, preloadAppChunks): they download beside this entry
const start = () => import('./app/start.tsx').then(({ startApp }) => startApp(root));

if (root.hasChildNodes()) {
  // the prerendered start page is painted first, then the app is evaluated and hydrates it: the page is visible
  // without waiting for React, MUI and the router to run
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
