import type { SubmissionResult } from '@conform-to/react';
import type { FetcherWithComponents } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { FieldErrors } from '~/forms/field-errors';

type Validate = (formData: FormData) => FieldErrors | null;

/**
 * Browser checks for a fetcher form whose schema is fetched on demand (ADR 012), so zod stays out of
 * the first load of the page. `prepare` (on focus or hover) starts the fetch. A submit is checked with
 * the schema, waiting for it if it is not there yet; a clean one goes on through the fetcher. After a
 * refused submit every input is checked again, like Conform's `shouldRevalidate: 'onInput'`. Errors
 * the server sent (`lastResult`) show until the next check. Without JavaScript the action checks alone.
 */
export function useDeferredValidation<Data>({
  load,
  lastResult,
  fetcher,
}: {
  load: () => Promise<Validate>;
  lastResult: SubmissionResult<string[]> | undefined;
  fetcher: FetcherWithComponents<Data>;
}) {
  const validate = useRef<Validate | null>(null);
  const pending = useRef<Promise<Validate> | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [refused, setRefused] = useState(false);

  useEffect(() => setClientErrors(null), [lastResult]);

  const prepare = useCallback(() => {
    pending.current ??= load().then(
      (loaded) => (validate.current = loaded),
      (error) => {
        pending.current = null;
        throw error;
      },
    );
    return pending.current;
  }, [load]);

  const check = (formData: FormData) => {
    const errors = validate.current!(formData);
    setClientErrors(errors ?? {});
    return errors === null;
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (validate.current) {
      if (!check(new FormData(form, submitter))) {
        event.preventDefault();
        setRefused(true);
      }
      return;
    }
    event.preventDefault();
    const send = () =>
      fetcher.submit(submitter ?? form, { method: 'post', action: form.getAttribute('action') ?? undefined, preventScrollReset: true });
    prepare().then(
      () => {
        if (check(new FormData(form, submitter))) send();
        else setRefused(true);
      },
      // Without the schema the action still checks everything.
      send,
    );
  };

  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    if (refused && validate.current) check(new FormData(event.currentTarget));
  };

  const warm = () => void prepare().catch(() => undefined);
  const errors: FieldErrors = clientErrors ?? lastResult?.error ?? {};
  return { errors, formProps: { onSubmit, onInput, onFocus: warm, onPointerEnter: warm, noValidate: true } };
}
