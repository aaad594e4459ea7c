/** One line per event; the start script prefixes each program's lines. */
export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error instanceof Error ? (error.stack ?? error.message) : (error ?? '')),
};

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
