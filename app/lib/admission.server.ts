import { redirect } from '@remix-run/node';

import { localeOfPath, localizedPath } from './i18n';

/**
 * The door to the shop's writes under a rush (ADR 028): adding to a cart and opening a checkout are
 * the only writes a drop makes, and each takes a slot here (16 at once per process: what keeps the API's
 * answers quick on two cores, measured by the drop rehearsal of `npm run bench`). Requests beyond the slots wait their
 * turn, first come first served, for a moment; a request that still finds no slot is not failed or
 * left hanging: the shopper is shown the waiting room, which tries again on its own. Per storefront
 * process (or edge isolate); the API's stock and cap claims stay the real guard.
 */
const limits = { slots: 16, waitMs: 3000, queue: 2000 };
let inFlight = 0;
const waiting: Array<() => void> = [];

/** Sets the slots, the longest wait and how many may wait (tests, and server start from the environment). */
export function configureAdmission(next: Partial<typeof limits>) {
  Object.assign(limits, next);
}

export class ShopBusy extends Error {
  constructor() {
    super('High demand: every slot is taken');
  }
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else inFlight -= 1;
}

/** Runs `work` once a slot is free (in arrival order); throws ShopBusy when none frees within the wait. */
export async function admitted<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight < limits.slots && waiting.length === 0) inFlight += 1;
  else {
    if (waiting.length >= limits.queue || limits.waitMs <= 0) throw new ShopBusy();
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        reject(new ShopBusy());
      }, limits.waitMs);
      waiting.push(turn);
    });
    // The slot was handed over by release(): inFlight already counts it.
  }
  try {
    return await work();
  } finally {
    release();
  }
}

/** Whether a request arriving now would get a slot at once (the waiting room lets the shopper back then). */
export function hasRoom(): boolean {
  return inFlight < limits.slots && waiting.length === 0;
}

/** A same-origin path to return to, or the home page (never another site). */
export function safeNext(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/';
}

/**
 * Where a shopper who could not be served goes: the waiting room, which brings them back to `next`,
 * in the language of the page they were on (/it/waiting-room for an /it page).
 */
export function toWaitingRoom(next: string): Response {
  const back = safeNext(next);
  const room = localizedPath(`/waiting-room?next=${encodeURIComponent(back)}`, localeOfPath(new URL(back, 'http://local').pathname));
  return redirect(room, { status: 303, headers: { 'Cache-Control': 'no-store' } });
}
