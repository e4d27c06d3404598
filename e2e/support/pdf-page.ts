import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';

/** pdf.js (Mozilla's PDF renderer, the backend's devDependency), as the browser loads it: an ES module and its worker. */
const PDFJS = join(dirname(require.resolve('pdfjs-dist/package.json')), 'build');

/** Where the rendering page and its files are answered, on the app's own origin (page.route, never the server). */
const VIEWER = '/__pdf-page__/';

/**
 * The page that draws one PDF page into a canvas at 1.5x and keeps that page's text as pdf.js reads it
 * (getTextContent), then marks itself done; a failure is kept as text for the test to report.
 */
const viewerHtml = (pageNumber: number) => `<!doctype html>
<html><head><meta charset="utf-8"><style>body { margin: 0; background: #888; } canvas { display: block; }</style></head>
<body><canvas id="page"></canvas>
<script type="module">
  import * as pdfjs from '${VIEWER}pdf.min.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '${VIEWER}pdf.worker.min.mjs';
  try {
    const data = new Uint8Array(await (await fetch('${VIEWER}document.pdf')).arrayBuffer());
    const pdf = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
    const page = await pdf.getPage(${pageNumber});
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('page');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    const content = await page.getTextContent();
    document.body.dataset.pages = String(pdf.numPages);
    document.body.dataset.text = content.items.map((item) => item.str ?? '').join(' ');
  } catch (error) {
    document.body.dataset.error = String(error && error.stack ? error.stack : error);
  }
  document.body.dataset.done = 'true';
</script></body></html>`;

export interface RenderedPdfPage {
  /** The page's text as pdf.js reads it, runs of white space made one space. */
  text: string;
  /** How many pages the document has. */
  pages: number;
}

/**
 * Headless Chromium shows no PDF itself, so a downloaded PDF is drawn by pdf.js into a canvas on a page of its own
 * (in the same browser context, on the app's origin), that canvas screenshotted to `screenshot`, and the drawn
 * page's text returned for the test to read.
 */
export async function renderPdfPage(
  page: Page,
  bytes: Buffer,
  screenshot: string,
  pageNumber = 1,
): Promise<RenderedPdfPage> {
  const viewer = await page.context().newPage();
  try {
    const origin = new URL(page.url()).origin;
    await viewer.route(`${origin}${VIEWER}**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(VIEWER.length);
      if (name === 'viewer.html') return route.fulfill({ contentType: 'text/html', body: viewerHtml(pageNumber) });
      if (name === 'document.pdf') return route.fulfill({ contentType: 'application/pdf', body: bytes });
      if (name === 'pdf.min.mjs' || name === 'pdf.worker.min.mjs') {
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(PDFJS, name)) });
      }
      return route.fulfill({ status: 404, body: '' });
    });
    await viewer.goto(`${origin}${VIEWER}viewer.html`);
    const body = viewer.locator('body[data-done="true"]');
    await body.waitFor({ state: 'attached', timeout: 30_000 });
    const error = await body.getAttribute('data-error');
    if (error) throw new Error(`pdf.js could not draw the PDF: ${error}`);
    await viewer.locator('#page').screenshot({ path: screenshot });
    return {
      text: ((await body.getAttribute('data-text')) ?? '').replace(/\s+/g, ' '),
      pages: Number(await body.getAttribute('data-pages')),
    };
  } finally {
    await viewer.close();
  }
}
