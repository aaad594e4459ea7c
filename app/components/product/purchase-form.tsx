import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useActionData, useFetcher } from '@remix-run/react';
import { purchaseSchema } from '~/forms/purchase';
import { MESSAGES } from '~/lib/messages';

export const PURCHASE_FORM = 'purchase';

export interface PurchaseActionData {
  formKey: typeof PURCHASE_FORM;
  result: SubmissionResult<string[]>;
}

/**
 * Add to Cart and Quick Purchase, posted to the product route's action with the selected variant.
 * The action checks that a variant is selected; Add to Cart adds it and comes back with a flash.
 */
export function PurchaseForm({ variantId, disabled }: { variantId: string | null; disabled: boolean }) {
  const fetcher = useFetcher<PurchaseActionData>({ key: PURCHASE_FORM });
  const actionData = useActionData<PurchaseActionData>();
  const lastResult = fetcher.data?.formKey === PURCHASE_FORM ? fetcher.data.result : actionData?.formKey === PURCHASE_FORM ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: PURCHASE_FORM,
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: purchaseSchema }),
  });
  const error = fields.variantId.errors?.[0] ?? form.errors?.[0];
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="purchase" {...getFormProps(form)}>
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <div className="purchase__buttons">
        <button type="submit" name="intent" value="add-to-cart" className="button" disabled={disabled || busy} aria-describedby={error ? fields.variantId.errorId : undefined}>
          {MESSAGES.addToCart}
        </button>
        <button type="submit" name="intent" value="quick-purchase" className="button button--accent" disabled={disabled || busy}>
          {MESSAGES.quickPurchase}
        </button>
      </div>
      {error ? (
        <p className="purchase__error" id={fields.variantId.errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
