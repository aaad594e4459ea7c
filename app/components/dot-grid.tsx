import { useEffect, useRef } from 'react';

import { SHOP_RULES } from '@contract/shop-rules';

const INK = [29, 29, 31] as const;
/** How finely a dot's size and shade follow its distance to the focus. */
const NEAR_STEPS = 16;
const FRAME_MS = 1000 / 30;

function hexToRgb(hex: string): readonly [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return Number.isNaN(value) ? INK : [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Draws one frame: dots that swell and darken near the focus, one path per step of nearness (a dozen fills rather than one per dot). */
function paintDots(
  context: CanvasRenderingContext2D,
  frame: { width: number; height: number; spacing: number; focus: { x: number; y: number }; rgb: readonly number[] },
) {
  const { width, height, spacing, focus } = frame;
  const [r, g, b] = frame.rgb;
  const paths = Array.from({ length: NEAR_STEPS + 1 }, () => new Path2D());
  for (let x = spacing / 2; x < width; x += spacing) {
    for (let y = spacing / 2; y < height; y += spacing) {
      const near = Math.max(0, 1 - Math.hypot(x - focus.x, y - focus.y) / 320);
      const step = Math.round(near * NEAR_STEPS);
      const radius = 1.2 + (step / NEAR_STEPS) * 3;
      paths[step].moveTo(x + radius, y);
      paths[step].arc(x, y, radius, 0, Math.PI * 2);
    }
  }
  context.clearRect(0, 0, width, height);
  paths.forEach((path, step) => {
    context.fillStyle = `rgba(${r},${g},${b},${0.12 + (step / NEAR_STEPS) * 0.5})`;
    context.fill(path);
  });
}

/**
 * The listing's dot-grid background (docs/product.md#overview, docs/product.md#constants): dots every 30 px that swell and take the colour of
 * the hovered (desktop) or active (phone) card; after 3 s without one, a slow idle wave. Starts when the
 * browser is idle, pauses while the tab is hidden, and draws one still frame under reduced motion.
 */
export function DotGrid({
  list,
  activeKey,
  accent,
}: {
  list: React.RefObject<HTMLElement>;
  activeKey: string | null;
  accent: string | null;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const target = useRef<{ key: string | null; colour: readonly [number, number, number]; since: number }>({
    key: null,
    colour: INK,
    since: 0,
  });

  useEffect(() => {
    target.current = { key: activeKey, colour: accent ? hexToRgb(accent) : INK, since: performance.now() };
  }, [activeKey, accent]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
    const spacing = SHOP_RULES.dotGridSpacingPx;
    let frame = 0;
    let focus = { x: -1000, y: -1000 };
    let colour: [number, number, number] = [...INK];
    /** What the canvas shows now, to skip drawing the same frame again. */
    let drawn = '';

    const resize = () => {
      drawn = '';
      // One canvas pixel per CSS pixel, whatever the screen: soft dots need no more, and each frame stays cheap.
      canvas.width = window.innerWidth;
      canvas.height = window.innerHeight;
    };

    const goal = (time: number) => {
      const { key, since } = target.current;
      const card = key ? list.current?.querySelector<HTMLElement>(`[data-card-key="${CSS.escape(key)}"]`) : null;
      if (card) {
        const box = card.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
      if (time - since < SHOP_RULES.dotGridIdleMs) return focus;
      // Idle: a slow figure-eight across the screen.
      const t = time / 4000;
      return { x: window.innerWidth * (0.5 + 0.35 * Math.sin(t)), y: window.innerHeight * (0.5 + 0.3 * Math.sin(2 * t)) };
    };

    let last = 0;
    const draw = (time: number) => {
      const next = goal(time);
      // Eases 8 % of the way per 60 Hz frame, whatever the frame rate.
      const ease = last ? 1 - Math.pow(1 - 0.08, Math.min(time - last, 200) / (1000 / 60)) : 0.08;
      last = time;
      focus = { x: focus.x + (next.x - focus.x) * ease, y: focus.y + (next.y - focus.y) * ease };
      colour = colour.map((c, i) => c + (target.current.colour[i] - c) * ease) as [number, number, number];
      const width = window.innerWidth;
      const height = window.innerHeight;
      const [r, g, b] = colour.map(Math.round);
      // A frame like the last one is not drawn again (a hovered card, once the dots have settled on it).
      const frameKey = `${Math.round(focus.x)},${Math.round(focus.y)},${r},${g},${b},${width},${height}`;
      if (frameKey === drawn) return;
      drawn = frameKey;
      paintDots(context, { width, height, spacing, focus, rgb: [r, g, b] });
    };

    const loop = (time: number) => {
      // About 30 frames a second is smooth enough for a slow background.
      if (time - last >= FRAME_MS - 2) draw(time);
      frame = window.requestAnimationFrame(loop);
    };
    const start = () => {
      if (frame || document.hidden) return;
      if (reduced.matches) {
        draw(performance.now());
        return;
      }
      frame = window.requestAnimationFrame(loop);
    };
    const stop = () => {
      if (frame) window.cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    const onMotion = () => {
      stop();
      start();
    };
    const onResize = () => {
      resize();
      if (reduced.matches) draw(performance.now());
    };

    resize();
    // Never in the way of the first paint: begin when the browser has nothing else to do.
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 1500 }) : window.setTimeout(start, 200);
    document.addEventListener('visibilitychange', onVisibility);
    reduced.addEventListener('change', onMotion);
    window.addEventListener('resize', onResize);
    return () => {
      stop();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      document.removeEventListener('visibilitychange', onVisibility);
      reduced.removeEventListener('change', onMotion);
      window.removeEventListener('resize', onResize);
    };
  }, [list]);

  return <canvas ref={canvasRef} className="dot-grid" aria-hidden="true" data-testid="dot-grid" />;
}
