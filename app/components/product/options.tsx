import { attributeLabel, optionText as optionWords } from '@contract/options';

import { useI18n } from '~/lib/i18n';
import { isValueAvailable, type OptionGroup, type OptionValue, type SelectableVariant, type Selection } from '~/lib/variant-selection';

export { attributeLabel };

/** What a value shows: its description when the catalogue gives one ('Signal red'), else its code; the address keeps the code. */
export function optionText(option: OptionValue): string {
  return optionWords({ value: option.value, value_description: option.description });
}

/**
 * Option pickers in display order. Each value is a link to the page with that value (and the other
 * choices it moves, see selectOption), so choosing works without JavaScript; `onChoose` makes it
 * instant with it. Only values no in-stock variant has are disabled.
 */
export function OptionPickers({
  groups,
  variants,
  selection,
  hrefFor,
  onChoose,
}: {
  groups: OptionGroup[];
  variants: SelectableVariant[];
  selection: Selection;
  hrefFor: (name: string, value: string) => string;
  onChoose?: (name: string, value: string) => void;
}) {
  const { locale } = useI18n();
  return (
    <div className="options">
      {groups.map((group) => {
        const current = group.values.find((option) => option.value === selection[group.name]);
        // One value is not a choice: it is said, not offered.
        if (group.values.length === 1) {
          const only = group.values[0];
          return (
            <div key={group.name} className="options__group">
              <p className="options__label">
                {attributeLabel(group.name, locale)}: <span className="options__fixed">{optionText(only)}</span>
              </p>
            </div>
          );
        }
        return (
          <div key={group.name} className="options__group" role="group" aria-labelledby={`option-${group.name}`}>
            <p className="options__label" id={`option-${group.name}`}>
              {attributeLabel(group.name, locale)}
              {current ? <span className="options__chosen">: {optionText(current)}</span> : null}
            </p>
            <ul className="options__values">
              {group.values.map((option) => {
                const chosen = selection[group.name] === option.value;
                const available = isValueAvailable(variants, group.name, option.value);
                return (
                  <li key={option.value}>
                    {available ? (
                      <a
                        href={hrefFor(group.name, option.value)}
                        className={`option${chosen ? ' option--chosen' : ''}`}
                        aria-current={chosen ? 'true' : undefined}
                        data-option={`${group.name}:${option.value}`}
                        onClick={
                          onChoose
                            ? (event) => {
                                event.preventDefault();
                                onChoose(group.name, option.value);
                              }
                            : undefined
                        }
                      >
                        {optionText(option)}
                      </a>
                    ) : (
                      <span
                        className={`option option--disabled${chosen ? ' option--chosen' : ''}`}
                        aria-disabled="true"
                        aria-current={chosen ? 'true' : undefined}
                        data-option={`${group.name}:${option.value}`}
                      >
                        {optionText(option)}
                        <span className="visually-hidden"> (out of stock)</span>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
