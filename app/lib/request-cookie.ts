/** The value of the cookie `name` a request carries, as sent (the first, if it came twice); undefined when it has none. */
export function requestCookie(request: Request, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.get('Cookie') ?? '')?.[1];
}
