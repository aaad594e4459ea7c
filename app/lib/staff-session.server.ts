import { createCookieSessionStorage, redirect, type Session } from '@remix-run/node';

import { adminMeSchema, type StaffRole } from '@contract/api/staff';

import { ADMIN_HEADERS } from './admin.server';
import { type ApiClient, ApiRequestError } from './api.server';
import { getEnv } from './env.server';
import type { Locale } from './i18n';
import { safeRedirectPath } from './safe-redirect';
import { type CookieTarget, isHttps } from './session.server';

/**
 * The back office's own session, apart from the shopper's: its own cookie, sent only to /admin, never
 * on a request from another site (SameSite=Strict), and ending with the API session it holds (8 hours,
 * or at sign-out). The API decides what the member may do; this only carries their token.
 */
export interface StaffSessionData {
  token: string;
  email: string;
  role: StaffRole;
  /** When the API's session ends (ms since epoch): the cookie ends with it. */
  expiresAt: number;
  /** The back office's language: the member's own (from the API at sign-in), or chosen before signing in (ADR 072). */
  locale: Locale;
}

export interface StaffFlash {
  notice: string;
}

export type StaffSession = Session<StaffSessionData, StaffFlash>;

export const STAFF_COOKIE = '__staff';

const storages = new Map<string, ReturnType<typeof createCookieSessionStorage<StaffSessionData, StaffFlash>>>();

function storageFor(secure: boolean) {
  const { SESSION_SECRET } = getEnv();
  const key = `${secure}:${SESSION_SECRET}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<StaffSessionData, StaffFlash>({
      cookie: { name: STAFF_COOKIE, httpOnly: true, sameSite: 'strict', secure, path: '/admin', secrets: [SESSION_SECRET] },
    });
    storages.set(key, storage);
  }
  return storage;
}

/** The staff session in the request's cookie, read by the request's context (context.server.ts) once. */
export function readStaffSession(request: Request): Promise<StaffSession> {
  return storageFor(isHttps(request)).getSession(request.headers.get('Cookie'));
}

/** Set-Cookie for the back-office session, ending when the API's session does. */
export function commitStaffSession({ secure }: CookieTarget, session: StaffSession): Promise<string> {
  const expiresAt = session.get('expiresAt');
  const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) : undefined;
  return storageFor(secure).commitSession(session, maxAge === undefined ? undefined : { maxAge });
}

export function destroyStaffSession({ secure }: CookieTarget, session: StaffSession): Promise<string> {
  return storageFor(secure).destroySession(session);
}

/** Where the sign-in page sends someone who was on `path` (a back-office page only). */
export function adminLoginPath(path: string): string {
  const back = safeRedirectPath(path, '/admin');
  return back === '/admin' || !back.startsWith('/admin/') ? '/admin/login' : `/admin/login?redirectTo=${encodeURIComponent(back)}`;
}

/** The back office's session and client, as the request's context (context.server.ts) offers them at `context.staff`. */
export interface StaffContext {
  /** The staff session, read from its own cookie on first use. */
  session(): Promise<StaffSession>;
  /**
   * The language the back office speaks on this request: the session's (the member's choice), else the
   * shop's `lang` cookie, else the browser's first choice (ADR 072).
   */
  locale(): Promise<Locale>;
  /** A client of the back-office routes with the member's own token, or none (to sign in), asking in the back office's language. */
  api(token?: string, locale?: Locale): ApiClient;
}

/** What the back office's guard and notices read of the request's context. */
type StaffRequestContext = CookieTarget & { staff: StaffContext };

export interface SignedInStaff {
  email: string;
  role: StaffRole;
  /** The language the back office speaks to them. */
  locale: Locale;
  api: ApiClient;
}

/**
 * The signed-in member for a back-office page. Without a session, or once the API no longer knows it
 * (signed out elsewhere, expired, password changed), the page sends them to sign in.
 */
export async function requireStaff(request: Request, context: StaffRequestContext): Promise<SignedInStaff> {
  const session = await context.staff.session();
  const url = new URL(request.url);
  const token = session.get('token');
  const toLogin = async () =>
    redirect(adminLoginPath(url.pathname + url.search), { headers: { 'Set-Cookie': await destroyStaffSession(context, session) } });
  if (!token) throw await toLogin();
  const locale = await context.staff.locale();
  const api = context.staff.api(token, locale);
  try {
    const me = await api.request('GET', 'admin/me', adminMeSchema);
    return { email: me.actor, role: me.role, locale, api };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw await toLogin();
    throw error;
  }
}

/** Post/Redirect/Get in the back office: the next page shows `notice` once. */
export async function redirectWithNotice(context: StaffRequestContext, to: string, notice: string): Promise<Response> {
  const session = await context.staff.session();
  session.flash('notice', notice);
  return redirect(to, { status: 303, headers: { 'Set-Cookie': await commitStaffSession(context, session) } });
}

/** The notice left by the last action, if any, and the headers of a back-office page that shows it (clearing it). */
export async function takeNotice(context: StaffRequestContext): Promise<{ notice: string | null; headers: Record<string, string> }> {
  const session = await context.staff.session();
  const notice = session.get('notice') ?? null;
  return { notice, headers: { ...ADMIN_HEADERS, ...(notice ? { 'Set-Cookie': await commitStaffSession(context, session) } : {}) } };
}
