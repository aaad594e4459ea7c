import { getInputProps } from '@conform-to/react';

import { AdminField, invalidProps } from './admin-field';

/** A Conform field of the catalogue's forms, as its `fields` give it. */
export type TextFieldMeta = Parameters<typeof getInputProps>[0];

export interface TextFieldOptions {
  hint?: string;
  type?: 'text' | 'number' | 'datetime-local';
  extra?: Record<string, unknown>;
}

/** One labelled input of the product and discount forms, with its hint and error (AdminField). */
export function textField(field: TextFieldMeta, label: string, options: TextFieldOptions = {}) {
  return (
    <AdminField field={field} label={label} hint={options.hint}>
      <input
        {...getInputProps(field, { type: options.type ?? 'text' })}
        {...invalidProps(field, { hint: Boolean(options.hint) })}
        {...options.extra}
      />
    </AdminField>
  );
}
