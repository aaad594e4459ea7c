import type { FetcherWithComponents } from '@remix-run/react';

/**
 * The cart's field for a code (a discount code, a gift card): one post to /cart with its intent,
 * in place with JavaScript (the fetcher) and as a page without. Its error is read out when it comes.
 */
export function CodeEntryForm({
  fetcher,
  action,
  className,
  inputId,
  name,
  intent,
  title,
  button,
  value,
  error,
  busy,
}: {
  fetcher: FetcherWithComponents<unknown>;
  action: string;
  className: string;
  inputId: string;
  name: string;
  intent: string;
  title: string;
  button: string;
  value: string;
  error: string | undefined;
  busy: boolean;
}) {
  const errorId = `${inputId.replace(/-input$/, '')}-error`;
  return (
    <fetcher.Form method="post" action={action} className={className} noValidate>
      <label htmlFor={inputId} className="discount-code__title">
        {title}
      </label>
      <div className="discount-code__row">
        <input
          id={inputId}
          name={name}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" name="intent" value={intent} className="button button--small" disabled={busy}>
          {button}
        </button>
      </div>
      {error ? (
        <p className="discount-code__error" role="alert" id={errorId}>
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
