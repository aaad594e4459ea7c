// Lighthouse (mobile, its default preset) on Debian's Chromium through chrome-launcher; nothing is downloaded.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The run with the median performance score, as Lighthouse's own docs advise for noisy machines. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export async function measureLighthouse(pages, { chromiumPath, runs }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows = [];
    for (const { label, url } of pages) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const audits = lhr.audits;
        results.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
          cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
          tbtMs: Math.round(audits['total-blocking-time'].numericValue),
          fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        });
      }
      rows.push({ label, ...medianRun(results), runs: results });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}
