/** One line per request, as JSON, so an operator's tools can read the fields (request_id follows it to the storefront). */
export interface RequestLogLine {
  time: string;
  level: 'info' | 'error';
  msg: 'request';
  request_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** One line per event; the start script prefixes each program's lines. */
export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
  request(line: RequestLogLine): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error instanceof Error ? (error.stack ?? error.message) : (error ?? '')),
  request: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
};

export const silentLogger: Logger = { info: () => undefined, error: () => undefined, request: () => undefined };
