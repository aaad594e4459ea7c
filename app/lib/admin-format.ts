/** An ISO time as the back office shows it: UTC to the minute, `2026-11-25 04:57`. */
export function utcMinute(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}
